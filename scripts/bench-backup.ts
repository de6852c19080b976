/**
 * npm run bench:backup — backup and restore at size, in real Postgres.
 *
 * Loads 1,000,000 analytics events and 10,000 waitlist entries into a throwaway database (generate_series,
 * not the app), exports the two categories with createBackup() into local-folder storage (the app's code:
 * a REPEATABLE READ snapshot paged by primary key, streamed to storage), then restores the file with
 * restoreBackup() into a second, empty database (which also rebuilds the analytics rollups; the owner's
 * password check for a file another site signed is not what is measured) and compares
 * a checksum of each table. Budgets: export at least 50,000 rows/s with at most 150 MB of resident memory
 * growth; restore at most 60 s.
 *
 * BENCH_DATABASE_URL overrides the server (default postgres://postgres@127.0.0.1:5432/postgres).
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase, type DatabaseHandle } from "#server/db/client.ts";
import { tableChecksums } from "#server/features/backup/index.ts";
import { restoreBackup } from "#server/features/backup/index.ts";
import { createBackup } from "#server/features/backup/index.ts";
import { createObjectStorage } from "#server/infra/storage/index.ts";
import { createThrowawayDatabase } from "./bench-support";

const EVENTS = 1_000_000;
const WAITLIST = 10_000;
const BUDGET = { rowsPerSecond: 50_000, memoryGrowthMb: 150, restoreSeconds: 60 };
const TABLES = ["waitlist_entries", "analytics_events"];

const mb = (bytes: number) => bytes / (1024 * 1024);

async function seed(handle: DatabaseHandle) {
  await handle.db.execute(sql`select setseed(0.42)`);
  await handle.db.execute(sql`
    insert into analytics_events (received_at, client_timestamp, event, page, url, value, properties, session_id, visitor_id, masked_ip, country, region, city, timezone, device_type, browser, os, referrer_host, utm_source, utm_campaign)
    select now() - n * interval '2 seconds', now() - n * interval '2 seconds' - interval '150 milliseconds',
      case when n % 10 < 7 then 'page_view' when n % 10 < 9 then 'button_click' else 'feature_used' end,
      '/page-' || (n % 50), 'https://lab.example/page-' || (n % 50),
      case when n % 10 = 9 then random() * 100 end,
      case when n % 10 = 9 then jsonb_build_object('feature', 'export', 'step', n % 7) end,
      'session-' || (n / 12), md5('visitor-' || (n / 40)), '198.51.' || (n % 256) || '.0',
      (array['US','GB','DE','FR','CA','JP'])[1 + n % 6], null, (array['Austin','London','Berlin','Paris','Toronto','Tokyo'])[1 + n % 6],
      (array['America/Chicago','Europe/London','Europe/Berlin','Europe/Paris','America/Toronto','Asia/Tokyo'])[1 + n % 6],
      case when n % 3 = 0 then 'mobile' else 'desktop' end, 'Chrome', 'macOS',
      case when n % 12 = 0 then 'news.ycombinator.com' end,
      case when n % 120 = 0 then 'x' end, case when n % 120 = 0 then 'launch' end
    from generate_series(1, ${EVENTS}) as n`);
  await handle.db.execute(sql`
    insert into waitlist_entries (position, email, name, interests, country, city, source, created_at)
    select n, 'person' || n || '@example.com', 'Person ' || n, array['investing', 'tools'], 'DE', 'Berlin', 'homepage', now() - n * interval '1 minute'
    from generate_series(1, ${WAITLIST}) as n`);
  await handle.db.execute(sql`analyze`);
}

async function timed<T>(label: string, work: () => Promise<T>): Promise<{ result: T; seconds: number }> {
  process.stdout.write(`${label}... `);
  const began = performance.now();
  const result = await work();
  const seconds = (performance.now() - began) / 1000;
  process.stdout.write(`${seconds.toFixed(1)} s\n`);
  return { result, seconds };
}

/** The largest resident set seen while `work` runs, sampled every 20 ms. */
async function peakRss<T>(work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = process.memoryUsage.rss();
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
  try {
    const result = await work();
    return { result, peak: Math.max(peak, process.memoryUsage.rss()) };
  } finally {
    clearInterval(sampler);
  }
}

async function main() {
  const source = await createThrowawayDatabase("bench_backup_source");
  const target = await createThrowawayDatabase("bench_backup_target");
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), "bench-backup-"));
  const from = await openDatabase({ kind: "postgres", url: source.url });
  const to = await openDatabase({ kind: "postgres", url: target.url });
  const storage = await createObjectStorage({ driver: "local", root: folder });
  let passed = true;
  try {
    await timed("migrating both databases", async () => Promise.all([from.migrate(), to.migrate()]));
    await timed(`loading ${EVENTS.toLocaleString("en")} events and ${WAITLIST.toLocaleString("en")} waitlist entries`, () => seed(from));

    global.gc?.();
    const baseline = process.memoryUsage.rss();
    const exported = await timed("exporting analytics and waitlist (createBackup)", () =>
      peakRss(() => createBackup({ db: from.db, storage, keep: 14 }, { categories: ["analytics", "waitlist"], author: "schedule" })),
    );
    const backup = exported.result.result;
    const rowsPerSecond = backup.totalRows / exported.seconds;
    const growth = mb(exported.result.peak - baseline);

    const object = await storage.get(backup.storageKey);
    const restored = await timed("restoring into an empty database (restoreBackup, rollups rebuilt)", () =>
      restoreBackup(to.db, object!.body, { dryRun: false }),
    );
    const [before, after] = await Promise.all([tableChecksums(from.db, TABLES), tableChecksums(to.db, TABLES)]);
    const same = TABLES.every((table) => before[table] === after[table]);

    const verdict = (ok: boolean) => {
      if (!ok) passed = false;
      return ok ? "ok" : "OVER";
    };
    console.log(`\nbackup file: ${mb(backup.sizeBytes).toFixed(0)} MB, ${backup.totalRows.toLocaleString("en")} rows`);
    console.table([
      {
        figure: "export rows/s",
        value: Math.round(rowsPerSecond),
        budget: `>= ${BUDGET.rowsPerSecond}`,
        result: verdict(rowsPerSecond >= BUDGET.rowsPerSecond),
      },
      {
        figure: "export peak RSS growth (MB)",
        value: Number(growth.toFixed(1)),
        budget: `<= ${BUDGET.memoryGrowthMb}`,
        result: verdict(growth <= BUDGET.memoryGrowthMb),
      },
      {
        figure: "restore (s)",
        value: Number(restored.seconds.toFixed(1)),
        budget: `<= ${BUDGET.restoreSeconds}`,
        result: verdict(restored.seconds <= BUDGET.restoreSeconds),
      },
      { figure: "checksums equal", value: same ? "yes" : "NO", budget: "yes", result: verdict(same) },
    ]);
    console.log(restored.result.tables);
    console.log(passed ? "PASS" : "FAIL");
  } finally {
    await Promise.all([from.close(), to.close()]);
    await Promise.all([source.drop(), target.drop()]);
    await fs.rm(folder, { recursive: true, force: true });
  }
  process.exitCode = passed ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
