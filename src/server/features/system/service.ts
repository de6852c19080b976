import type { DatabaseHandle } from "../../db/client";
import type { Mailer } from "../../infra/mail";
import type { ObjectStorage } from "../../infra/storage";

export type CheckResult = { name: string; ok: boolean; detail: string };
export type SystemStatus = { ok: boolean; checks: CheckResult[] };

async function check(name: string, probe: () => Promise<string>): Promise<CheckResult> {
  try {
    return { name, ok: true, detail: await probe() };
  } catch (error) {
    return { name, ok: false, detail: error instanceof Error ? error.message : String(error) };
  }
}

/** What the back office's status banner reports: each dependency really probed. */
export async function getSystemStatus(deps: { database: DatabaseHandle; mailer: Mailer; storage: ObjectStorage }): Promise<SystemStatus> {
  const checks = await Promise.all([
    check("database", async () => {
      await deps.database.ping();
      return deps.database.kind === "pglite" ? "Embedded PGlite" : "Postgres";
    }),
    check("storage", () => deps.storage.probe()),
    check("mail", async () => {
      await deps.mailer.verify();
      return deps.mailer.delivers ? `Delivering through ${deps.mailer.driver}` : "Outbox only: mail is kept, not delivered (set SMTP_URL)";
    }),
  ]);
  return { ok: checks.every((c) => c.ok), checks };
}
