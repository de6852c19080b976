import { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { BackupStatus, RestoreReport } from "#common/backup/backup.ts";
import { rowsOf } from "#server/db/client.ts";
import { backups } from "#server/db/schema/index.ts";
import { tableChecksums } from "#server/features/backup/backup-tables.ts";
import { restoreBackup } from "#server/features/backup/restore.ts";
import { createBackupScheduler } from "#server/features/backup/scheduler.ts";
import { createBackup, type BackupContext } from "#server/features/backup/service.ts";
import { rebuildRollups } from "#server/features/analytics/rollups.ts";
import { expectAdminOnlyProcedure, expectAdminOnlyRest } from "../helpers/authorization";
import { multipartRequest } from "../helpers/images";
import { useTestApp, type TestUser } from "../helpers/test-app";

const t = useTestApp({ rateLimits: false });
let admin: TestUser;
const context = (keep = 14): BackupContext => ({ db: t.db, storage: t.deps.storage, keep });

const ALL = ["accounts", "waitlist", "builders", "content", "settings", "analytics", "system"];

/** A little of everything, written with SQL (the services' own tests cover how rows get there). */
async function seed() {
  await t.createUser("member", { name: "Mia Member" });
  await t.db.execute(sql`
    insert into waitlist_entries (position, email, name, interests, country, city, source)
    select n, 'person' || n || '@example.com', case when n % 3 = 0 then null else 'Person ' || n end, array['investing', 'tools'], 'DE', 'Berlin', 'homepage'
    from generate_series(1, 40) as n`);
  await t.db.execute(sql`
    insert into builders (name, email, tags, status, joined_at) values
      ('Ada', 'ada@example.com', array['ai'], 'approved', now()), ('Bo', 'bo@example.com', '{}', 'pending', null)`);
  await t.db.execute(sql`
    insert into bangers (type, title, content, tags, metadata, campaign) values ('thread', 'First', 'Body "quoted" \\ and ünïcode', array['a','b'], '{"platform":"thread","n":1.5}', 'cmp1')`);
  await t.db.execute(sql`insert into site_settings (key, value) values ('seo.checklist', '{"checkedItems":{"1":true}}')`);
  await t.db.execute(sql`insert into image_test_progress (admin_user_id, test_name) values (${admin.user.id}, 'paste')`);
  await t.db.execute(sql`
    insert into analytics_events (received_at, event, page, session_id, visitor_id, value, properties, country, device_type)
    select now() - n * interval '7 minutes', case when n % 4 = 0 then 'button_click' else 'page_view' end, '/p' || (n % 5), 's' || (n % 6), 'v' || (n % 9),
           case when n % 2 = 0 then n / 3.0 end, case when n % 5 = 0 then jsonb_build_object('k', n, 'ok', true) end, 'US', 'mobile'
    from generate_series(1, 60) as n`);
  await rebuildRollups(t.db);
}

const exportRequest = (namespaces?: string[]) => ({
  method: "POST" as const,
  url: "/api/backup/export",
  headers: { "content-type": "application/json" },
  payload: JSON.stringify(namespaces ? { namespaces } : {}),
});

const OWNER_PASSWORD = "correct-horse";

async function upload(file: Buffer, dryRun: boolean, password?: string) {
  const fields: Record<string, string> = password === undefined ? {} : { password };
  const request = await multipartRequest(
    `/api/backup/restore?dryRun=${dryRun ? 1 : 0}`,
    { bytes: file, name: "backup.json", type: "application/json" },
    fields,
    admin.headers,
  );
  return t.inject(request);
}

const visitorHoursSum = async () =>
  rowsOf<{ sum: string }>(
    await t.db.execute(
      sql`select md5(string_agg(row_to_json(h)::text, ',' order by hour, visitor_id)) as sum from analytics_visitor_hours h`,
    ),
  )[0]!.sum;

beforeAll(async () => {
  admin = await t.createUser("owner", { email: "boss@example.com", password: OWNER_PASSWORD });
  await seed();
});

describe("backup and restore", () => {
  it("exports, and after a wipe restores identical tables (checksums per table), rollups rebuilt", async () => {
    const before = await tableChecksums(t.db);
    const hoursBefore = await visitorHoursSum();
    const exported = await t.inject({ ...exportRequest(ALL), headers: { ...exportRequest().headers, ...admin.headers } });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers["content-disposition"]).toMatch(
      new RegExp(
        `attachment; filename="brand-backup-accounts-waitlist-builders-content-settings-analytics-system-\\d{4}-\\d{2}-\\d{2}\\.json"`,
      ),
    );
    const file = exported.rawPayload;
    const parsed = JSON.parse(file.toString("utf8"));
    expect(parsed).toMatchObject({
      format: "hundred-dollar-lab-backup",
      version: 1,
      meta: { createdBy: "boss@example.com", counts: { waitlist_entries: 40, analytics_events: 60 } },
    });
    expect(Object.keys(parsed.tables)).not.toContain("sessions");
    expect(file.toString("utf8")).not.toContain(admin.token);

    // Wipe: every table but the signed-in admin's own account.
    await t.db.execute(
      sql`truncate analytics_events, analytics_visitor_hours, waitlist_entries, builders, builder_confirmation_tokens, bangers, site_settings, image_test_progress`,
    );
    await t.db.execute(sql`delete from users where id <> ${admin.user.id}`);

    const dryRun = await upload(file, true);
    expect(dryRun.statusCode, dryRun.body).toBe(200);
    const dry = dryRun.json<RestoreReport>();
    expect(dry.tables.find((row) => row.table === "waitlist_entries")).toMatchObject({ added: 40, updated: 0, unchanged: 0 });
    expect(dry.tables.find((row) => row.table === "users")).toMatchObject({ unchanged: 1 });
    // Signed by this site, but it holds accounts: the restore asks for the owner's password.
    expect(dry).toMatchObject({ signed: true, passwordRequired: true });
    expect(await tableChecksums(t.db, ["waitlist_entries"])).toEqual({ waitlist_entries: "0:d41d8cd98f00b204e9800998ecf8427e" });

    const refused = await upload(file, false);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(
      "This backup holds sign-in accounts. Restoring it replaces: Accounts, Waitlist, Builders, Content, Settings, Analytics, Back-office progress. Type your password to confirm.",
    );
    const restored = await upload(file, false, OWNER_PASSWORD);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await tableChecksums(t.db)).toEqual(before);
    expect(await visitorHoursSum()).toBe(hoursBefore);
    // The identity sequence continues after the restored ids.
    await t.db.execute(sql`insert into analytics_events (event, page, session_id, visitor_id) values ('page_view', '/', 's', 'v')`);

    // Restoring again changes nothing.
    const again = (await upload(file, false, OWNER_PASSWORD)).json<RestoreReport>();
    expect(again.tables.find((row) => row.table === "waitlist_entries")).toMatchObject({ added: 0, updated: 0, unchanged: 40 });
  });

  it("restores a file that holds a table this site no longer keeps, skipping that table's rows", async () => {
    const row = await createBackup(context(), { categories: ["analytics"], author: { id: admin.user.id, email: admin.user.email } });
    const written = JSON.parse(
      Buffer.concat((await (await t.deps.storage.get(row.storageKey))!.body.toArray()) as Buffer[]).toString("utf8"),
    );
    const before = await tableChecksums(t.db, ["analytics_events", "analytics_page_days"]);
    // The daily visitor rollup, as a file made before it was retired holds it (before the tables that follow it).
    const retired = [{ day: "2026-01-01T00:00:00.000Z", visitor_id: "v1", first_seen: "2026-01-01T10:00:00.000Z" }];
    const { analytics_events: events, ...others } = written.tables;
    const older = {
      format: written.format,
      version: written.version,
      meta: { ...written.meta, counts: { analytics_events: events.length, analytics_visitor_days: 1, ...written.meta.counts } },
      tables: { analytics_events: events, analytics_visitor_days: retired, ...others },
    };
    const file = Buffer.from(JSON.stringify(older));

    const dry = await restoreBackup(t.db, Readable.from([file]), { dryRun: true });
    expect(dry.tables.map((table) => table.table)).not.toContain("analytics_visitor_days");
    expect(dry.tables.find((table) => table.table === "analytics_events")).toMatchObject({ added: 0, unchanged: events.length });

    await t.db.execute(sql`truncate analytics_events, analytics_page_days`);
    const report = await restoreBackup(t.db, Readable.from([file]), { dryRun: false });
    expect(report.tables.map((table) => table.table)).not.toContain("analytics_visitor_days");
    expect(await tableChecksums(t.db, ["analytics_events", "analytics_page_days"])).toEqual(before);
  });

  it("dry run counts added, updated and unchanged rows, and writes nothing", async () => {
    const row = await createBackup(context(), { categories: ["waitlist"], author: { id: admin.user.id, email: admin.user.email } });
    await t.db.execute(sql`update waitlist_entries set city = 'Paris' where position = 1`);
    await t.db.execute(sql`delete from waitlist_entries where position = 2`);
    const report = await t.trpcMutation<RestoreReport>("backup.restore", { id: row.id, dryRun: true }, admin.headers);
    expect(report.data.tables).toEqual([{ table: "waitlist_entries", category: "waitlist", added: 1, updated: 1, unchanged: 38 }]);
    expect(rowsOf(await t.db.execute(sql`select 1 from waitlist_entries where position = 2`))).toHaveLength(0);
    await t.trpcMutation("backup.restore", { id: row.id, dryRun: false }, admin.headers);
    expect(rowsOf(await t.db.execute(sql`select city from waitlist_entries where position in (1, 2)`))).toEqual([
      { city: "Berlin" },
      { city: "Berlin" },
    ]);
  });

  it("refuses a file of an unknown schema version, and files that are not backups", async () => {
    const future = Buffer.from(
      JSON.stringify({ format: "hundred-dollar-lab-backup", version: 99, meta: { categories: [], counts: {} }, tables: {} }),
    );
    const refused = await upload(future, true);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toContain("schema version 99");
    expect((await upload(Buffer.from('{"hello": "world"}'), true)).statusCode).toBe(422);
    expect((await upload(Buffer.from("not json at all"), true)).statusCode).toBe(422);
  });

  it("a large restore into an empty table builds its indexes after the rows; a failed one keeps table and indexes as they were", async () => {
    const indexesOf = async () =>
      rowsOf<{ def: string }>(
        // The partitions' indexes too: an index built on the partitioned parent alone would leave them unindexed.
        await t.db.execute(sql`
          select indexdef as def from pg_indexes
          where tablename = 'analytics_events'
            or tablename in (select c.relname from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = 'analytics_events'::regclass)
          order by indexname`),
      ).map((row) => row.def);
    const indexes = await indexesOf();
    expect(indexes.length).toBeGreaterThan(2);
    const row = await createBackup(context(), { categories: ["analytics"], author: { id: admin.user.id, email: admin.user.email } });
    const file = Buffer.concat((await (await t.deps.storage.get(row.storageKey))!.body.toArray()) as Buffer[]);
    const before = await tableChecksums(t.db, ["analytics_events"]);
    const restore = (bytes: Buffer, dryRun = false) => restoreBackup(t.db, Readable.from([bytes]), { dryRun, deferIndexesFromRows: 1 });

    await t.db.execute(sql`truncate analytics_events`);
    const broken = Buffer.from(file.toString("utf8").replace(/("page":)"\/p3"/, "$1"));
    await expect(restore(broken, true)).rejects.toThrow(/^Checking the backup failed: invalid input syntax for type json/);
    await expect(restore(broken)).rejects.toThrow(
      /^Restoring Analytics failed, nothing of it was written: invalid input syntax for type json/,
    );
    expect(await tableChecksums(t.db, ["analytics_events"])).toEqual({ analytics_events: "0:d41d8cd98f00b204e9800998ecf8427e" });
    expect(await indexesOf()).toEqual(indexes);

    await restore(file);
    expect(await tableChecksums(t.db, ["analytics_events"])).toEqual(before);
    expect(await indexesOf()).toEqual(indexes);
  });

  it("refuses an empty or unknown category list with its documented message", async () => {
    const empty = await t.inject({ ...exportRequest([]), headers: { ...exportRequest().headers, ...admin.headers } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe("No categories selected. Please select data to backup.");
    const unknown = await t.inject({ ...exportRequest(["sessions"]), headers: { ...exportRequest().headers, ...admin.headers } });
    expect(unknown.json().error).toContain("Unknown backup category: sessions");
  });

  it("status reports stores, the last backup and the history; entries download and delete", async () => {
    const { data } = await t.trpcQuery<BackupStatus>("backup.status", undefined, admin.headers);
    expect(data.currentStats.waitlist).toEqual({ keys: 40, available: true });
    expect(data.currentStats.analytics!.keys).toBeGreaterThan(60);
    expect(data.recommendsBackup).toBe(false);
    const newest = data.backupHistory[0]!;
    expect(data.lastBackup).toEqual({
      timestamp: newest.timestamp,
      createdBy: "boss@example.com",
      namespaces: newest.namespaces,
      totalKeys: newest.totalKeys,
      sizeBytes: newest.sizeBytes,
    });
    const download = await t.inject({ method: "GET", url: `/api/backup/history/${newest.id}/download`, headers: admin.headers });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.length).toBe(newest.sizeBytes);
    await t.trpcMutation("backup.delete", { id: newest.id }, admin.headers);
    expect((await t.inject({ method: "GET", url: `/api/backup/history/${newest.id}/download`, headers: admin.headers })).statusCode).toBe(
      404,
    );
  });

  it("makes one scheduled backup per slot across two instances sharing the database, and keeps the newest N", async () => {
    const instances = [1, 2].map(() => createBackupScheduler({ ...context(2), logger: t.deps.logger, schedule: undefined }));
    const slot = new Date("2026-01-01T03:00:00Z");
    const made = await Promise.all(instances.map((instance) => instance.tick(slot)));
    expect(made.filter(Boolean)).toHaveLength(1);
    expect(await Promise.all(instances.map((instance) => instance.tick(slot)))).toEqual([false, false]);
    await instances[1]!.tick(new Date("2026-01-02T03:00:00Z"));
    await instances[0]!.tick(new Date("2026-01-03T03:00:00Z"));
    const kept = await t.db.select().from(backups);
    expect(kept).toHaveLength(2);
    expect(kept.every((row) => row.trigger === "scheduled" && row.createdBy === "schedule")).toBe(true);
    expect(await t.deps.storage.list("backups/")).toHaveLength(2);
  });
});

/** A multipart upload of one file whose bytes come from `chunks`, streamed: the file is never whole in memory. */
function streamedUpload(url: string, chunks: () => AsyncGenerator<Buffer>, fields: Record<string, string> = {}) {
  const boundary = "----backup-test-boundary";
  async function* body() {
    for (const [name, value] of Object.entries(fields))
      yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
    yield Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="backup.json"\r\nContent-Type: application/json\r\n\r\n`,
    );
    yield* chunks();
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return t.inject({
    method: "POST",
    url,
    headers: { ...admin.headers, "content-type": `multipart/form-data; boundary=${boundary}` },
    payload: Readable.from(body()),
  });
}

const HEAD = (categories: string[], counts: Record<string, number>) =>
  `{"format":"hundred-dollar-lab-backup","version":1,"meta":${JSON.stringify({ createdAt: "2026-01-01T00:00:00.000Z", createdBy: "someone@example.com", categories, counts })},"tables":{`;

describe("restores that cannot crash the server", () => {
  it("refuses a 100 MB string in a file not in the writer's layout (dry run) with a 422, in bounded memory", async () => {
    const megabyte = Buffer.alloc(1024 * 1024, "a");
    async function* file() {
      yield Buffer.from(`${HEAD(["waitlist"], { waitlist_entries: 1 })} "waitlist_entries": [ {"email": "`);
      for (let i = 0; i < 100; i += 1) yield megabyte;
      yield Buffer.from(`"} ] } }`);
    }
    global.gc?.();
    const baseline = process.memoryUsage().heapUsed;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 10);
    const answer = await streamedUpload("/api/backup/restore?dryRun=1", file).finally(() => clearInterval(sampler));
    expect(answer.statusCode, answer.body).toBe(422);
    expect(answer.json().error).toBe(
      "The backup has a value larger than 16 MB at row 1 of waitlist_entries; this site restores values up to that size.",
    );
    expect((peak - baseline) / (1024 * 1024)).toBeLessThan(90);
    // The server still answers.
    expect((await t.inject({ method: "GET", url: "/api/backup/status", headers: admin.headers })).statusCode).toBe(200);
  });

  it("refuses a line over 16 MB in the writer's layout, and rows nested too deep in either layout", async () => {
    const megabyte = Buffer.alloc(1024 * 1024, "b");
    async function* longLine() {
      yield Buffer.from(`${HEAD(["waitlist"], { waitlist_entries: 1 })}\n"waitlist_entries":[\n{"email":"`);
      for (let i = 0; i < 17; i += 1) yield megabyte;
      yield Buffer.from(`"}]\n}}\n`);
    }
    const long = await streamedUpload("/api/backup/restore?dryRun=1", longLine);
    expect(long.statusCode).toBe(422);
    expect(long.json().error).toBe("The backup has a line longer than 16 MB at line 3; this site restores lines (rows) up to that size.");

    const deep = `{"properties":${"[".repeat(100)}${"]".repeat(100)}}`;
    const lines = Buffer.from(`${HEAD(["analytics"], { analytics_events: 1 })}\n"analytics_events":[\n${deep}]\n}}\n`);
    expect((await upload(lines, true)).json().error).toBe(
      "The backup has values nested deeper than 64 levels at line 3 (a row of analytics_events); this site restores rows nested up to that depth.",
    );
    const anyLayout = Buffer.from(`${HEAD(["analytics"], { analytics_events: 1 })} "analytics_events": [${deep}]}}`);
    const refused = await upload(anyLayout, true);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe(
      "The backup has values nested deeper than 64 levels at row 1 of analytics_events; this site restores rows nested up to that depth.",
    );
  });
});

describe("signed backups", () => {
  const planted = "10000000-0000-4000-8000-00000000beef";
  /** A backup this site did not make, in the writer's layout without a signature: it plants an owner account. */
  const unsigned = () =>
    Buffer.from(
      `${HEAD(["accounts"], { users: 1 })}\n"users":[\n${JSON.stringify({
        id: planted,
        email: "planted@example.com",
        name: "Planted",
        role: "owner",
        password_hash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g",
        created_at: "2026-01-01T00:00:00+00:00",
        updated_at: "2026-01-01T00:00:00+00:00",
      })}]\n}}\n`,
    );
  const plantedRows = async () => rowsOf(await t.db.execute(sql`select role from users where id = ${planted}`));

  it("an unsigned backup with an owner row is refused without the owner's password, and restored with it", async () => {
    const dry = await upload(unsigned(), true);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json<RestoreReport>()).toMatchObject({ signed: false, passwordRequired: true });

    const refused = await upload(unsigned(), false);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(
      "This backup was not made by this site. Restoring it replaces: Accounts. Type your password to confirm.",
    );
    const wrong = await upload(unsigned(), false, "not-the-password");
    expect(wrong.statusCode).toBe(403);
    expect(await plantedRows()).toEqual([]);

    const accepted = await upload(unsigned(), false, OWNER_PASSWORD);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await plantedRows()).toEqual([{ role: "owner" }]);
    await t.db.execute(sql`delete from users where id = ${planted}`);
  });

  it("a backup this site signed restores without a password; a changed byte makes it unsigned; the secret is never in a file", async () => {
    const exported = await t.inject({
      ...exportRequest(["waitlist", "settings"]),
      headers: { ...exportRequest().headers, ...admin.headers },
    });
    const file = exported.rawPayload;
    const text = file.toString("utf8");
    expect(text).toMatch(/\n\},\n"signature":"hmac-sha256:[0-9a-f]{64}"\}\n$/);
    expect(JSON.parse(text)).toMatchObject({ format: "hundred-dollar-lab-backup" });
    expect(text).not.toContain("backup_signing_secret");

    const dry = (await upload(file, true)).json<RestoreReport>();
    expect(dry).toMatchObject({ signed: true, passwordRequired: false, confirmation: null });
    const restored = await upload(file, false);
    expect(restored.statusCode, restored.body).toBe(200);

    const changed = Buffer.from(text.replace("Berlin", "Bremen"));
    expect((await upload(changed, true)).json<RestoreReport>()).toMatchObject({ signed: false, passwordRequired: true });
    const refused = await upload(changed, false);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(
      "This backup was not made by this site. Restoring it replaces: Waitlist, Settings. Type your password to confirm.",
    );
    // A file made before backups were signed ends with "}}": it restores, as unsigned.
    const old = Buffer.from(text.replace(/\n\},\n"signature":"[^"]*"\}\n$/, "\n}}\n"));
    expect((await upload(old, true)).json<RestoreReport>()).toMatchObject({ signed: false });
    expect((await upload(old, false, OWNER_PASSWORD)).statusCode).toBe(200);
  });
});

describe("authorization", () => {
  it("every backup path is admin only", async () => {
    await expectAdminOnlyRest(t, { method: "GET", url: "/api/backup/status" });
    await expectAdminOnlyRest(t, exportRequest(["waitlist"]));
    const row = await createBackup(context(), { categories: ["settings"], author: "schedule" });
    await expectAdminOnlyRest(t, { method: "GET", url: `/api/backup/history/${row.id}/download` });
    const file = (await t.inject({ method: "GET", url: `/api/backup/history/${row.id}/download`, headers: admin.headers })).rawPayload;
    await expectAdminOnlyRest(t, await multipartRequest("/api/backup/restore?dryRun=1", { bytes: file, name: "b.json" }));
    await expectAdminOnlyProcedure(t, { type: "query", path: "backup.status" });
    await expectAdminOnlyProcedure(t, { type: "mutation", path: "backup.restore", input: { id: row.id, dryRun: true } });
    await expectAdminOnlyProcedure(t, {
      type: "mutation",
      path: "backup.delete",
      inputFor: async () => ({ id: (await createBackup(context(), { categories: ["settings"], author: "schedule" })).id }),
    });
  });
});
