import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CREDENTIAL_HEADERS, type EmailAnalytics, type EmailSendResult, type EmailTestStatus } from "#common/email-test/email-test.ts";
import { loadConfig } from "#server/config.ts";
import { mailMessages } from "#server/db/schema/index.ts";
import { emailAnalytics, emailTestStatus } from "#server/features/email-test/service.ts";
import { createMailWorker, type MailWorker } from "#server/infra/mail/index.ts";
import { createFakeProvider } from "../helpers/http-provider";
import { mailRow, mailWorkerFor } from "../helpers/mail";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp-sink";
import { useTestApp, type TestUser } from "../helpers/test-app";

// The fake provider must listen before the app reads MAIL_API_BASE_URL, so this hook comes before useTestApp's.
const provider = createFakeProvider();
const env: Record<string, string> = {};
beforeAll(async () => {
  await provider.start();
  env.MAIL_API_BASE_URL = provider.baseUrl;
});
afterAll(() => provider.stop());

/** The app itself keeps the default outbox provider: test mode. */
const t = useTestApp({ env });
let admin: TestUser;
let sink: SmtpSink;
beforeAll(async () => {
  admin = await t.createUser("admin");
  sink = await startSmtpSink();
});
afterAll(() => sink.stop());
beforeEach(() => provider.reset());

const RESEND_KEY = "re_typed_secret_1234567890";
const MAILGUN_KEY = "key-typed-mailgun-secret-0987";

const send = (body: unknown, headers: Record<string, string> = {}) =>
  t.inject({
    method: "POST",
    url: "/api/email/send",
    headers: { ...admin.headers, "content-type": "application/json", ...headers },
    payload: JSON.stringify(body),
  });
const testCredentials = (body: unknown, headers: Record<string, string> = {}) =>
  t.inject({
    method: "POST",
    url: "/api/email/test-credentials",
    headers: { ...admin.headers, "content-type": "application/json", ...headers },
    payload: JSON.stringify(body),
  });
const form = { to: "reader@example.com", subject: "Lab test", content: "Hello from the lab.", provider: "resend" };
const live = (keys: Record<string, string>) => ({ [CREDENTIAL_HEADERS.liveMode]: "true", ...keys });

type BackgroundWorker = { worker: MailWorker; close(): Promise<void> };
/** Runs a worker in the background (as main.ts does) for the duration of one test. */
async function withWorker<T>(background: BackgroundWorker, run: () => Promise<T>): Promise<T> {
  background.worker.start();
  try {
    return await run();
  } finally {
    await background.close();
  }
}
/** A worker with the app's own driver: the outbox. */
function outboxWorker(): BackgroundWorker {
  const worker = createMailWorker({ db: t.db, driver: t.deps.mailDriver, logger: t.deps.logger, defaultFrom: t.deps.config.mailFrom });
  return { worker, close: () => worker.stop() };
}

const logsText = () => JSON.stringify(t.logs);

describe("POST /api/email/send through the site's queue", () => {
  it("in test mode is kept by the outbox and says so, with the real row's id and time", async () => {
    const response = await withWorker(outboxWorker(), () => send(form));
    expect(response.statusCode).toBe(200);
    const result = response.json<EmailSendResult>();
    expect(result).toMatchObject({ success: true, status: "kept", provider: "outbox", testMode: true, error: null });
    const row = await mailRow(t.db, result.messageId!);
    expect(row).toMatchObject({ status: "kept", toAddress: "reader@example.com", subject: "Lab test", textBody: "Hello from the lab." });
    expect(result.deliveryTime).toBe(row.sentAt!.getTime() - row.createdAt.getTime());
  });

  it("waits for SMTP's acceptance and answers the server's message id", async () => {
    const smtp = mailWorkerFor(t, { MAIL_PROVIDER: "smtp", SMTP_URL: sink.url });
    const response = await withWorker(smtp, () => send({ ...form, from: "Lab <lab@lab.example>" }));
    expect(response.statusCode).toBe(200);
    const result = response.json<EmailSendResult>();
    expect(result).toMatchObject({ success: true, status: "sent", provider: "smtp", testMode: false, error: null });
    expect(sink.received.at(-1)).toMatchObject({ from: "lab@lab.example", to: ["reader@example.com"], messageId: result.messageId });
  });

  it("answers the provider's reason when the site's provider refuses the message", async () => {
    provider.answers.push({ status: 422, body: { statusCode: 422, name: "validation_error", message: "Invalid `to` field." } });
    const resend = mailWorkerFor(t, { MAIL_PROVIDER: "resend", RESEND_API_KEY: "re_site_key", MAIL_API_BASE_URL: provider.baseUrl });
    const response = await withWorker(resend, () => send(form));
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({
      success: false,
      status: "failed",
      provider: "resend",
      deliveryTime: null,
      error: "Resend answered 422: Invalid `to` field.",
    });
    expect(provider.requests[0]!.headers.authorization).toBe("Bearer re_site_key");
  });

  it("goes through the queue in live mode when the chosen provider's keys are missing (Mailgun without its domain)", async () => {
    const response = await withWorker(outboxWorker(), () =>
      send({ ...form, provider: "mailgun" }, live({ [CREDENTIAL_HEADERS.mailgunApiKey]: MAILGUN_KEY })),
    );
    expect(response.json()).toMatchObject({ status: "kept", provider: "outbox" });
    expect(provider.requests).toHaveLength(0);
  });

  it("refuses a form without a recipient or subject with the reason", async () => {
    const noTo = await send({ subject: "x" });
    expect(noTo.statusCode).toBe(400);
    expect(noTo.json()).toEqual({ error: "To is required" });
    expect((await send({ to: "reader@example.com", subject: " " })).json()).toEqual({ error: "Subject is required" });
    expect((await send({ to: "not an address", subject: "x" })).json()).toEqual({ error: "Please enter a valid email address" });
    expect((await send({ ...form, provider: "pigeon" })).json()).toEqual({ error: "Provider must be one of: resend, sendgrid, mailgun" });
  });
});

describe("POST /api/email/send with keys typed on the page", () => {
  it("sends straight to the provider with the typed key, records the settled attempt without the key, and never logs it", async () => {
    const before = await t.db.$count(mailMessages);
    provider.answers.push({ status: 200, body: { id: "re-direct-1" } });
    const response = await send({ ...form, from: "Lab <lab@lab.example>" }, live({ [CREDENTIAL_HEADERS.resendApiKey]: RESEND_KEY }));
    expect(response.statusCode).toBe(200);
    const result = response.json<EmailSendResult>();
    expect(result).toMatchObject({
      success: true,
      status: "sent",
      messageId: "re-direct-1",
      provider: "resend",
      testMode: false,
      error: null,
    });
    expect(result.deliveryTime).toBeGreaterThanOrEqual(0);
    expect(provider.requests[0]).toMatchObject({ method: "POST", url: "/emails" });
    expect(provider.requests[0]!.headers.authorization).toBe(`Bearer ${RESEND_KEY}`);
    expect(JSON.parse(provider.requests[0]!.body)).toMatchObject({
      from: "Lab <lab@lab.example>",
      to: ["reader@example.com"],
      subject: "Lab test",
      text: "Hello from the lab.",
    });
    expect(await t.db.$count(mailMessages)).toBe(before + 1);
    const [attempt] = await t.db.select().from(mailMessages).where(eq(mailMessages.providerMessageId, "re-direct-1"));
    expect(attempt).toMatchObject({ status: "sent", provider: "resend", attempts: 1, toAddress: "reader@example.com", lastError: null });
    expect(attempt!.sentAt!.getTime() - attempt!.createdAt.getTime()).toBe(result.deliveryTime);
    expect(JSON.stringify(attempt)).not.toContain(RESEND_KEY);
    expect(t.logs.length).toBeGreaterThan(0);
    expect(logsText()).not.toContain(RESEND_KEY);
  });

  it("answers Mailgun's refusal of a typed key, and logs neither the key nor the domain's credentials", async () => {
    provider.answers.push({ status: 401, raw: "Forbidden" });
    const response = await send(
      { ...form, provider: "mailgun" },
      live({ [CREDENTIAL_HEADERS.mailgunApiKey]: MAILGUN_KEY, [CREDENTIAL_HEADERS.mailgunDomain]: "mg.lab.example" }),
    );
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({
      success: false,
      status: "failed",
      provider: "mailgun",
      error: "Mailgun answered 401: Forbidden",
    });
    expect(provider.requests[0]!.url).toBe("/v3/mg.lab.example/messages");
    const figures = await t.trpcQuery<EmailAnalytics>("emailTest.analytics", undefined, admin.headers);
    expect(figures.data.rows.find((row) => row.provider === "mailgun")).toMatchObject({ failed: 1 });
    const [attempt] = await t.db.select().from(mailMessages).where(eq(mailMessages.provider, "mailgun"));
    expect(attempt).toMatchObject({ status: "failed", lastError: "Mailgun answered 401: Forbidden", sentAt: null });
    expect(logsText()).not.toContain(MAILGUN_KEY);
    expect(logsText()).not.toContain(Buffer.from(`api:${MAILGUN_KEY}`).toString("base64"));
  });
});

describe("POST /api/email/test-credentials", () => {
  it("checks a Resend key by listing domains, sending nothing", async () => {
    provider.answers.push({ status: 200, body: { data: [] } });
    const response = await testCredentials({ provider: "resend" }, live({ [CREDENTIAL_HEADERS.resendApiKey]: RESEND_KEY }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ valid: true, error: null });
    expect(provider.requests[0]).toMatchObject({ method: "GET", url: "/domains" });
    expect(provider.requests[0]!.headers.authorization).toBe(`Bearer ${RESEND_KEY}`);
  });

  it("calls a sending-only Resend key valid and says only a send proves the rest", async () => {
    provider.answers.push({
      status: 401,
      body: { statusCode: 401, name: "restricted_api_key", message: "This API key is restricted to only send emails" },
    });
    const result = (await testCredentials({ provider: "resend" }, live({ [CREDENTIAL_HEADERS.resendApiKey]: RESEND_KEY }))).json();
    expect(result).toMatchObject({ valid: true, error: null });
    expect(result.message).toMatch(/only a real send/);
  });

  it("refuses a SendGrid key without the Mail Send scope, and a Mailgun key the provider refuses, with their reasons", async () => {
    provider.answers.push({ status: 200, body: { scopes: ["stats.read"] } });
    const sendgrid = await testCredentials({ provider: "sendgrid" }, live({ [CREDENTIAL_HEADERS.sendgridApiKey]: "SG.typed" }));
    expect(sendgrid.json()).toMatchObject({ valid: false, error: "SendGrid accepted the key, but it lacks the Mail Send permission." });
    expect(provider.requests[0]).toMatchObject({ method: "GET", url: "/v3/scopes" });

    provider.answers.push({ status: 404, body: { message: "Domain not found" } });
    const mailgun = await testCredentials(
      { provider: "mailgun" },
      live({ [CREDENTIAL_HEADERS.mailgunApiKey]: MAILGUN_KEY, [CREDENTIAL_HEADERS.mailgunDomain]: "mg.lab.example" }),
    );
    expect(mailgun.statusCode).toBe(200);
    expect(mailgun.json()).toEqual({
      valid: false,
      message: "Mailgun answered 404: Domain not found",
      error: "Mailgun answered 404: Domain not found",
    });
    expect(provider.requests[1]).toMatchObject({ method: "GET", url: "/v3/domains/mg.lab.example" });
    expect(logsText()).not.toContain(MAILGUN_KEY);
  });

  it("says which keys are missing, and answers 502 when the provider cannot be reached", async () => {
    const missing = await testCredentials({ provider: "mailgun" }, live({ [CREDENTIAL_HEADERS.mailgunApiKey]: MAILGUN_KEY }));
    expect(missing.json()).toMatchObject({ valid: false, error: "Enter both the Mailgun API key and its domain" });

    const port = Number(new URL(provider.baseUrl).port);
    await provider.stop();
    try {
      const away = await testCredentials({ provider: "resend" }, live({ [CREDENTIAL_HEADERS.resendApiKey]: RESEND_KEY }));
      expect(away.statusCode).toBe(502);
      expect(away.json().error).toMatch(/^Resend could not be reached: \S/);
    } finally {
      await provider.start(port);
    }
  });
});

describe("emailTest.status", () => {
  it("names the site's provider; an outbox has no key", async () => {
    const status = await t.trpcQuery<EmailTestStatus>("emailTest.status", undefined, admin.headers);
    expect(status.data).toEqual({ provider: "outbox", delivers: false, keyPrefix: null, from: t.deps.config.mailFrom });
  });

  it("shows the first 8 characters of the site's key, never more", () => {
    const config = loadConfig({ NODE_ENV: "test", MAIL_PROVIDER: "sendgrid", SENDGRID_API_KEY: "SG.abcdefghijklmnop" });
    expect(emailTestStatus(config, { delivers: true })).toMatchObject({ provider: "sendgrid", delivers: true, keyPrefix: "SG.abcde" });
  });
});

describe("emailTest.analytics", () => {
  it("counts hand-made mail per provider and day over the last 30 days, with the median delivery time of sent mail", async () => {
    await t.db.delete(mailMessages);
    // 01:00 UTC some days ago, so that the mail's day is that day whatever the time now.
    const today = new Date();
    const day = (daysAgo: number) => new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - daysAgo, 1));
    const dayName = (daysAgo: number) => day(daysAgo).toISOString().slice(0, 10);
    const row = (status: "sent" | "failed" | "kept" | "queued", providerName: string | null, createdAt: Date, deliveryMs?: number) => ({
      toAddress: "r@example.com",
      subject: "s",
      textBody: "t",
      status,
      provider: providerName,
      createdAt,
      sentAt: deliveryMs === undefined ? null : new Date(createdAt.getTime() + deliveryMs),
    });
    await t.db
      .insert(mailMessages)
      .values([
        row("sent", "resend", day(2), 400),
        row("sent", "resend", day(2), 1_000),
        row("failed", "resend", day(2)),
        row("sent", "smtp", day(5), 3_000),
        row("kept", "outbox", day(5), 20),
        row("queued", null, day(1)),
        row("sent", "resend", day(31), 99_000),
      ]);
    const figures = await emailAnalytics(t.db);
    expect(figures.totals).toEqual({ sent: 3, failed: 1, kept: 1, pending: 1 });
    expect(figures.rows).toEqual([
      { day: dayName(1), provider: "not taken yet", sent: 0, failed: 0, kept: 0, pending: 1 },
      { day: dayName(2), provider: "resend", sent: 2, failed: 1, kept: 0, pending: 0 },
      { day: dayName(5), provider: "outbox", sent: 0, failed: 0, kept: 1, pending: 0 },
      { day: dayName(5), provider: "smtp", sent: 1, failed: 0, kept: 0, pending: 0 },
    ]);
    expect(figures.medianDeliveryMs).toBe(1_000);

    const viaTrpc = await t.trpcQuery<EmailAnalytics>("emailTest.analytics", undefined, admin.headers);
    expect(viaTrpc.data).toEqual({ ...figures, days: 30 });
  });
});
