import { eq, inArray, sql } from "drizzle-orm";
import { loadConfig } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import { mailMessages } from "#server/db/schema/index.ts";
import { createMailDriver, createMailWorker, type MailDriver, type MailWorker, type MailWorkerOptions } from "#server/infra/mail/index.ts";
import type { TestApp } from "./test-app";

export type TestMailWorker = { driver: MailDriver; worker: MailWorker; close(): Promise<void> };

/** A worker on the test app's database with the driver that this environment (MAIL_PROVIDER...) selects. */
export function mailWorkerFor(
  t: TestApp,
  env: Record<string, string>,
  options: MailWorkerOptions = {},
  db: Database = t.db,
): TestMailWorker {
  const config = loadConfig({ NODE_ENV: "test", MAIL_FROM: "The $100 Lab <hello@lab.example>", ...env });
  const driver = createMailDriver(config, t.deps.logger);
  const worker = createMailWorker({ db, driver, logger: t.deps.logger, defaultFrom: config.mailFrom }, options);
  return {
    driver,
    worker,
    close: async () => {
      await worker.stop();
      await driver.close();
    },
  };
}

/** Brings the next attempt of these messages forward to now, as if their backoff had passed. */
export async function makeDue(db: Database, ids: string[]): Promise<void> {
  await db
    .update(mailMessages)
    .set({ nextAttemptAt: sql`now()` })
    .where(inArray(mailMessages.id, ids));
}

export async function mailRow(db: Database, id: string) {
  const [row] = await db.select().from(mailMessages).where(eq(mailMessages.id, id));
  if (!row) throw new Error(`no mail ${id}`);
  return row;
}
