import { Writable } from "node:stream";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";
import type { Logger } from "#server/infra/logger.ts";
import { createMailDriver, createMailWorker, enqueueMail, readMail } from "#server/infra/mail/index.ts";
import { mailMessages } from "#server/db/schema/index.ts";
import { eq } from "drizzle-orm";
import { useTestApp } from "../helpers/test-app";

const t = useTestApp();

const TOKEN = "k7q2xw9vb3m4tokentokentoken";
const resetMail = (to: string) => ({
  to,
  subject: "Reset your password",
  text: `Someone asked to reset your password. Open https://lab.example.com/reset-password?token=${TOKEN} within an hour.`,
});

/** The outbox driver built the way main.ts builds it for the environment, with a worker logging into a string. */
function outboxWorkerFor(env: Record<string, string>) {
  let logged = "";
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logged += String(chunk);
      done();
    },
  });
  const logger = pino({ level: "trace" }, sink) as unknown as Logger;
  const config = loadConfig(env);
  const driver = createMailDriver(config, logger);
  const worker = createMailWorker({ db: t.db, driver, logger, defaultFrom: config.mailFrom });
  return { driver, worker, logged: () => logged };
}

describe("the outbox driver", () => {
  it("in production keeps the message as `kept`, never `sent`, and never logs its link, token, body or recipient", async () => {
    const { driver, worker, logged } = outboxWorkerFor({
      NODE_ENV: "production",
      PUBLIC_URL: "https://lab.example.com",
      UNSUBSCRIBE_SECRET: "test-unsubscribe-secret-0123456789abcdef",
    });
    const { id } = await enqueueMail(t.db, resetMail("prod-reader@example.com"));
    expect(await worker.drain()).toBe(1);

    expect(driver.delivers).toBe(false);
    expect(logged()).toContain("outbox mail kept in the database, not delivered");
    for (const secret of [TOKEN, "reset-password", "https://", "prod-reader@example.com"]) expect(logged()).not.toContain(secret);
    expect(await readMail(t.db, id)).toMatchObject({
      status: "kept",
      provider: "outbox",
      providerMessageId: id,
      attempts: 1,
      lastError: null,
    });
    const [row] = await t.db.select().from(mailMessages).where(eq(mailMessages.id, id));
    expect(row).toMatchObject({ toAddress: "prod-reader@example.com", subject: "Reset your password", fromAddress: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
    expect(row!.textBody).toContain(TOKEN);
  });

  it("on a developer's machine prints the links, so a newcomer can follow a reset", async () => {
    const { worker, logged } = outboxWorkerFor({ NODE_ENV: "development" });
    await enqueueMail(t.db, resetMail("dev-reader@example.com"));
    await worker.drain();
    const line = JSON.parse(logged().trim()) as { mail: { to: string; links: string[] } };
    expect(line.mail).toMatchObject({ to: "dev-reader@example.com", links: [`https://lab.example.com/reset-password?token=${TOKEN}`] });
  });
});
