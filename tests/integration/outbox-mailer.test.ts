import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/server/config";
import { mailMessages } from "../../src/server/db/schema";
import type { Logger } from "../../src/server/infra/logger";
import { createMailer } from "../../src/server/infra/mail";
import { useTestApp } from "../helpers/test-app";

const t = useTestApp();

const TOKEN = "k7q2xw9vb3m4tokentokentoken";
const resetMail = (to: string) => ({
  to,
  subject: "Reset your password",
  text: `Someone asked to reset your password. Open https://lab.example.com/reset-password?token=${TOKEN} within an hour.`,
});

/** A mailer built the way main.ts builds it for the environment, logging into a string. */
function outboxFor(env: Record<string, string>) {
  let logged = "";
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logged += String(chunk);
      done();
    },
  });
  const logger = pino({ level: "trace" }, sink) as unknown as Logger;
  const mailer = createMailer(loadConfig(env), t.db, logger);
  return { mailer, logged: () => logged };
}

describe("the outbox mailer", () => {
  it("in production keeps the message but never logs its link, token, body or recipient", async () => {
    const { mailer, logged } = outboxFor({ NODE_ENV: "production", PUBLIC_URL: "https://lab.example.com" });
    const receipt = await mailer.send(resetMail("prod-reader@example.com"));

    expect(mailer.delivers).toBe(false);
    expect(logged()).toContain("outbox mail kept in the database, not delivered");
    for (const secret of [TOKEN, "reset-password", "https://", "prod-reader@example.com"]) expect(logged()).not.toContain(secret);
    const [row] = await t.db.select().from(mailMessages).where(eq(mailMessages.id, receipt.messageId));
    expect(row).toMatchObject({ driver: "outbox", toAddress: "prod-reader@example.com", subject: "Reset your password" });
    expect(row!.textBody).toContain(TOKEN);
  });

  it("on a developer's machine prints the links, so a newcomer can follow a reset", async () => {
    const { mailer, logged } = outboxFor({ NODE_ENV: "development" });
    await mailer.send(resetMail("dev-reader@example.com"));
    const line = JSON.parse(logged().trim()) as { mail: { to: string; links: string[] } };
    expect(line.mail).toMatchObject({ to: "dev-reader@example.com", links: [`https://lab.example.com/reset-password?token=${TOKEN}`] });
  });
});
