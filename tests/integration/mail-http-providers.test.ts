import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { enqueueMail } from "#server/infra/mail/index.ts";
import { createFakeProvider } from "../helpers/http-provider";
import { makeDue, mailRow, mailWorkerFor } from "../helpers/mail";
import { useTestApp } from "../helpers/test-app";

const t = useTestApp();

/** A local HTTP server standing in for the provider: records each request and answers from a script. */
const provider = createFakeProvider();
const { requests, answers } = provider;

beforeAll(() => provider.start());
afterAll(() => provider.stop());
beforeEach(() => provider.reset());

const message = {
  to: "reader@example.com",
  subject: "Lab notes",
  text: "Plain words.",
  html: "<p>Rich words</p>",
  headers: { "List-Unsubscribe": "<https://lab.example/u?t=1>" },
};
const workerFor = (env: Record<string, string>) =>
  mailWorkerFor(t, { MAIL_API_BASE_URL: provider.baseUrl, ...env }, { retryBaseMs: 60_000 });

describe("Resend", () => {
  const resend = () => workerFor({ MAIL_PROVIDER: "resend", RESEND_API_KEY: "re_test_key" });

  it("posts the documented JSON to /emails with the key and the queue id as Idempotency-Key, and records Resend's id", async () => {
    const { worker } = resend();
    answers.push({ status: 200, body: { id: "49a3999c-0ce1-4ea6-ab68-afcd6dc2e794" } });
    const { id } = await enqueueMail(t.db, message);
    await worker.drain();

    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request).toMatchObject({ method: "POST", url: "/emails" });
    expect(request!.headers).toMatchObject({
      authorization: "Bearer re_test_key",
      "content-type": "application/json",
      "idempotency-key": id,
    });
    expect(JSON.parse(request!.body)).toEqual({
      from: "The $100 Lab <hello@lab.example>",
      to: ["reader@example.com"],
      subject: "Lab notes",
      text: "Plain words.",
      html: "<p>Rich words</p>",
      headers: { "List-Unsubscribe": "<https://lab.example/u?t=1>" },
    });
    expect(await mailRow(t.db, id)).toMatchObject({
      status: "sent",
      provider: "resend",
      providerMessageId: "49a3999c-0ce1-4ea6-ab68-afcd6dc2e794",
      attempts: 1,
    });
  });

  it("retries a 429 with the same Idempotency-Key, and fails a 422 with Resend's reason", async () => {
    const { worker } = resend();
    answers.push({
      status: 429,
      body: { statusCode: 429, name: "rate_limit_exceeded", message: "Too many requests. You can only make 2 requests per second." },
    });
    const { id } = await enqueueMail(t.db, message);
    await worker.drain();
    const waiting = await mailRow(t.db, id);
    expect(waiting).toMatchObject({
      status: "queued",
      attempts: 1,
      lastError: "Resend answered 429: Too many requests. You can only make 2 requests per second.",
    });

    answers.push({ status: 200, body: { id: "re-second-try" } });
    await makeDue(t.db, [id]);
    await worker.drain();
    expect(await mailRow(t.db, id)).toMatchObject({ status: "sent", attempts: 2, providerMessageId: "re-second-try", lastError: null });
    expect(requests.map((r) => r.headers["idempotency-key"])).toEqual([id, id]);

    answers.push({ status: 422, body: { statusCode: 422, name: "validation_error", message: "Invalid `to` field." } });
    const bad = await enqueueMail(t.db, { ...message, to: "not an address" });
    await worker.drain();
    expect(await mailRow(t.db, bad.id)).toMatchObject({
      status: "failed",
      attempts: 1,
      lastError: "Resend answered 422: Invalid `to` field.",
    });
  });

  it("counts an accepting answer it cannot read as sent, so the message is not sent twice", async () => {
    const { worker } = resend();
    answers.push({ status: 200, raw: "<html>OK</html>" });
    const { id } = await enqueueMail(t.db, message);
    await worker.drain();
    expect(await mailRow(t.db, id)).toMatchObject({ status: "sent", providerMessageId: "", attempts: 1 });
    expect(requests).toHaveLength(1);
  });

  it("keeps mail queued while Resend cannot be reached, and sends it once it can", async () => {
    const { worker } = resend();
    await provider.stop();
    const { id } = await enqueueMail(t.db, message);
    await worker.drain();
    const waiting = await mailRow(t.db, id);
    expect(waiting).toMatchObject({ status: "queued", attempts: 1 });
    expect(waiting.lastError).toMatch(/^Resend could not be reached: \S/);

    await provider.start(Number(new URL(provider.baseUrl).port));
    answers.push({ status: 200, body: { id: "re-back" } });
    await makeDue(t.db, [id]);
    await worker.drain();
    expect(await mailRow(t.db, id)).toMatchObject({ status: "sent", providerMessageId: "re-back" });
  });
});

describe("SendGrid", () => {
  const sendgrid = () => workerFor({ MAIL_PROVIDER: "sendgrid", SENDGRID_API_KEY: "SG.test-key" });

  it("posts personalizations, from, subject and content (text first) to /v3/mail/send and records X-Message-Id", async () => {
    const { worker } = sendgrid();
    answers.push({ status: 202, headers: { "x-message-id": "sg-msg-1" } });
    const { id } = await enqueueMail(t.db, message);
    await worker.drain();

    const [request] = requests;
    expect(request).toMatchObject({ method: "POST", url: "/v3/mail/send" });
    expect(request!.headers).toMatchObject({ authorization: "Bearer SG.test-key", "content-type": "application/json" });
    expect(JSON.parse(request!.body)).toEqual({
      personalizations: [{ to: [{ email: "reader@example.com" }] }],
      from: { email: "hello@lab.example", name: "The $100 Lab" },
      subject: "Lab notes",
      content: [
        { type: "text/plain", value: "Plain words." },
        { type: "text/html", value: "<p>Rich words</p>" },
      ],
      headers: { "List-Unsubscribe": "<https://lab.example/u?t=1>" },
    });
    expect(await mailRow(t.db, id)).toMatchObject({ status: "sent", provider: "sendgrid", providerMessageId: "sg-msg-1" });
  });

  it("retries a 500 and fails a 401 with SendGrid's reason", async () => {
    const { worker } = sendgrid();
    answers.push({ status: 500, body: { errors: [{ message: "Internal server error" }] } });
    const { id } = await enqueueMail(t.db, message);
    await worker.drain();
    expect(await mailRow(t.db, id)).toMatchObject({ status: "queued", lastError: "SendGrid answered 500: Internal server error" });

    answers.push({
      status: 401,
      body: { errors: [{ field: null, message: "The provided authorization grant is invalid, expired, or revoked" }] },
    });
    await makeDue(t.db, [id]);
    await worker.drain();
    expect(await mailRow(t.db, id)).toMatchObject({
      status: "failed",
      attempts: 2,
      lastError: "SendGrid answered 401: The provided authorization grant is invalid, expired, or revoked",
    });
  });
});

describe("Mailgun", () => {
  const mailgun = () => workerFor({ MAIL_PROVIDER: "mailgun", MAILGUN_API_KEY: "key-test", MAILGUN_DOMAIN: "mg.lab.example" });

  it("posts a form to /v3/{domain}/messages with basic auth api:key, and records Mailgun's id", async () => {
    const { worker } = mailgun();
    answers.push({ status: 200, body: { id: "<20261123.1@mg.lab.example>", message: "Queued. Thank you." } });
    const { id } = await enqueueMail(t.db, message);
    await worker.drain();

    const [request] = requests;
    expect(request).toMatchObject({ method: "POST", url: "/v3/mg.lab.example/messages" });
    expect(request!.headers.authorization).toBe(`Basic ${Buffer.from("api:key-test").toString("base64")}`);
    expect(request!.headers["content-type"]).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(new URLSearchParams(request!.body))).toEqual({
      from: "The $100 Lab <hello@lab.example>",
      to: "reader@example.com",
      subject: "Lab notes",
      text: "Plain words.",
      html: "<p>Rich words</p>",
      "h:List-Unsubscribe": "<https://lab.example/u?t=1>",
    });
    expect(await mailRow(t.db, id)).toMatchObject({
      status: "sent",
      provider: "mailgun",
      providerMessageId: "<20261123.1@mg.lab.example>",
    });
  });

  it("retries a 429 and fails a 400 with Mailgun's reason", async () => {
    const { worker } = mailgun();
    answers.push({ status: 429, body: { message: "Too many requests" } });
    const { id } = await enqueueMail(t.db, message);
    await worker.drain();
    expect(await mailRow(t.db, id)).toMatchObject({ status: "queued", lastError: "Mailgun answered 429: Too many requests" });

    answers.push({ status: 400, body: { message: "'to' parameter is not a valid address. please check documentation" } });
    await makeDue(t.db, [id]);
    await worker.drain();
    expect(await mailRow(t.db, id)).toMatchObject({
      status: "failed",
      lastError: "Mailgun answered 400: 'to' parameter is not a valid address. please check documentation",
    });
  });
});
