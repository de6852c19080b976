import { createHmac, randomUUID } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { INBOUND_BODY_LIMIT_BYTES, type InboundMailList, type ReceivedEmailDetail } from "#common/inbound-mail/inbound-mail.ts";
import { inboundDeliveries, inboundWebhooks, receivedEmails } from "#server/db/schema/index.ts";
import { completeResendDelivery } from "#server/features/inbound-mail/resend-receiving.ts";
import { DELIVERY_ID_RETENTION_MS, pruneDeliveryIds } from "#server/features/inbound-mail/service.ts";
import { expectAdminOnlyRest } from "../helpers/authorization";
import { createFakeProvider } from "../helpers/http-provider";
import { useTestApp, type TestUser } from "../helpers/test-app";

// Resend's receiving API, standing in locally: it must listen before the app reads MAIL_API_BASE_URL.
const resendApi = createFakeProvider();
const SITE_RESEND_KEY = "re_site_key_for_receiving";
const env: Record<string, string> = { RESEND_API_KEY: SITE_RESEND_KEY };
beforeAll(async () => {
  await resendApi.start();
  env.MAIL_API_BASE_URL = resendApi.baseUrl;
});
afterAll(() => resendApi.stop());
beforeEach(() => resendApi.reset());

const t = useTestApp({ env });
let admin: TestUser;
beforeAll(async () => {
  admin = await t.createUser("admin");
});

const SIGNING_SECRET = `whsec_${Buffer.from("a-resend-signing-secret-32-bytes").toString("base64")}`;

async function generate(input: { provider: string; signingSecret?: string }): Promise<{ id: string; url: string }> {
  const result = await t.trpcMutation<{ id: string; url: string }>("inboundMail.generateWebhook", input, admin.headers);
  expect(result.status).toBe(200);
  return result.data;
}
const pathOf = (url: string) => new URL(url).pathname;
const list = async () => (await t.trpcQuery<InboundMailList>("inboundMail.list", undefined, admin.headers)).data;
const countReceived = async () => (await t.db.select().from(receivedEmails)).length;
const detail = async (id: string) => {
  const result = await t.trpcQuery<ReceivedEmailDetail>("inboundMail.message", { id }, admin.headers);
  expect(result.status).toBe(200);
  return result.data;
};
const download = (url: string) => t.inject({ method: "GET", url, headers: admin.headers });

const LONG_TEXT = "Hello from the outside world. ".repeat(10).trim();
const rawMessage = [
  "From: Ada Lovelace <ada@example.org>",
  "To: lab@example.com",
  "Subject: =?UTF-8?Q?Caf=C3=A9_notes?=",
  "MIME-Version: 1.0",
  'Content-Type: multipart/alternative; boundary="b1"',
  "",
  "--b1",
  "Content-Type: text/plain; charset=utf-8",
  "",
  LONG_TEXT,
  "--b1",
  "Content-Type: text/html; charset=utf-8",
  "",
  "<p>Hello</p><script>alert(1)</script>",
  "--b1--",
  "",
].join("\r\n");

const postRaw = (url: string, body = rawMessage) =>
  t.inject({ method: "POST", url: pathOf(url), headers: { "content-type": "message/rfc822" }, payload: body });

function resendEvent(subject: string) {
  return JSON.stringify({
    type: "email.received",
    created_at: new Date().toISOString(),
    data: {
      email_id: randomUUID(),
      from: "Grace <grace@example.org>",
      to: ["lab@example.com", "ops@example.com"],
      subject,
      text: "Signed and sealed.",
      html: "<b>Signed</b>",
    },
  });
}
/** What Resend really sends: metadata and attachment descriptions, no body. */
function metadataOnlyEvent(emailId: string) {
  return JSON.stringify({
    type: "email.received",
    created_at: new Date().toISOString(),
    data: {
      email_id: emailId,
      from: "Grace <grace@example.org>",
      to: ["lab@example.com"],
      subject: "Metadata only",
      attachments: [{ id: "att_1", filename: "notes.txt", content_type: "text/plain" }],
    },
  });
}
function signedHeaders(body: string, secret = SIGNING_SECRET) {
  const id = `msg_${randomUUID()}`;
  const now = new Date();
  return {
    "content-type": "application/json",
    "webhook-id": id,
    "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
    "webhook-signature": new Webhook(secret).sign(id, now, body),
  };
}

describe("raw MIME inbound address", () => {
  it("stores a raw message and lists it newest first with a 100-character preview; only the token's hash is kept", async () => {
    const { url } = await generate({ provider: "raw" });
    expect(url).toMatch(new RegExp(`^${t.deps.config.publicUrl}/api/email/inbound/[a-z2-7]{32}$`));
    const response = await postRaw(url);
    expect(response.statusCode).toBe(200);

    const { webhook, emails } = await list();
    expect(webhook?.provider).toBe("raw");
    expect(JSON.stringify(webhook)).not.toContain(url.split("/").pop());
    const [email] = emails;
    expect(email).toMatchObject({ from: "Ada Lovelace <ada@example.org>", to: "lab@example.com", subject: "Café notes", provider: "raw" });
    expect(email!.preview).toBe(`${LONG_TEXT.slice(0, 100)}…`);

    const [stored] = await t.db.select().from(receivedEmails);
    expect(stored!.htmlBody).toContain("<script>");
    const tokens = await t.db.select({ tokenHash: inboundWebhooks.tokenHash }).from(inboundWebhooks);
    expect(tokens.map((row) => row.tokenHash)).not.toContain(url.split("/").pop());
  });

  it("refuses other content types (415), empty or non-MIME bodies (400) and bodies over 6 MB (413), storing nothing", async () => {
    const { url } = await generate({ provider: "raw" });
    const before = await countReceived();
    const asJson = await t.inject({ method: "POST", url: pathOf(url), headers: { "content-type": "application/json" }, payload: "{}" });
    expect(asJson.statusCode).toBe(415);
    expect(asJson.json()).toEqual({ error: "Send the raw message as message/rfc822" });
    expect((await postRaw(url, "")).statusCode).toBe(400);
    expect((await postRaw(url, "just some words")).json()).toEqual({ error: "This is not a MIME message: it has neither From nor To" });
    expect((await postRaw(url, `${rawMessage}${"x".repeat(INBOUND_BODY_LIMIT_BYTES)}`)).statusCode).toBe(413);
    expect(await countReceived()).toBe(before);
  });

  it("answers 404 to an unknown token and to a revoked or replaced one, storing nothing", async () => {
    const first = await generate({ provider: "raw" });
    const second = await generate({ provider: "raw" });
    const before = await countReceived();
    const replaced = await postRaw(first.url);
    expect(replaced.statusCode).toBe(404);
    expect(replaced.json()).toEqual({ error: "Unknown inbound address" });
    expect((await postRaw(`${t.deps.config.publicUrl}/api/email/inbound/nosuchtoken`)).statusCode).toBe(404);

    const revoked = await t.trpcMutation("inboundMail.revokeWebhook", { id: second.id }, admin.headers);
    expect(revoked.status).toBe(200);
    expect((await postRaw(second.url)).statusCode).toBe(404);
    expect(await countReceived()).toBe(before);
    expect((await list()).webhook).toBeNull();
    const again = await t.trpcMutation("inboundMail.revokeWebhook", { id: second.id }, admin.headers);
    expect(again.status).toBe(404);
  });
});

const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n", "latin1");
const DISGUISED_HTML = "<html><body><script>alert(document.cookie)</script></body></html>";
/** A message with a real PDF, an HTML page that claims to be a PDF, and optionally one file over the limit. */
function messageWithAttachments(options: { oversized?: boolean; extraHeaders?: string[] } = {}) {
  const part = (name: string, type: string, bytes: Buffer) => [
    "--m1",
    `Content-Type: ${type}; name="${name}"`,
    `Content-Disposition: attachment; filename="${name}"`,
    "Content-Transfer-Encoding: base64",
    "",
    bytes.toString("base64"),
  ];
  return [
    "From: Ada Lovelace <ada@example.org>",
    "To: lab@example.com",
    "Subject: Files attached",
    "X-Campaign: spring",
    ...(options.extraHeaders ?? []),
    "MIME-Version: 1.0",
    'Content-Type: multipart/mixed; boundary="m1"',
    "",
    "--m1",
    "Content-Type: text/plain; charset=utf-8",
    "",
    "Two files attached.",
    ...part("report.pdf", "application/pdf", PDF),
    ...part("invoice.pdf", "application/pdf", Buffer.from(DISGUISED_HTML)),
    ...(options.oversized ? part("huge.bin", "application/octet-stream", Buffer.alloc(2 * 1024 * 1024 + 1, 7)) : []),
    "--m1--",
    "",
  ].join("\r\n");
}

describe("received headers and attachments", () => {
  it("keeps the headers and each attachment's bytes under its sniffed type, downloaded only as an attachment by an admin", async () => {
    const { url } = await generate({ provider: "raw" });
    const response = await postRaw(url, messageWithAttachments());
    expect(response.statusCode).toBe(200);
    const id = response.json<{ id: string }>().id;
    expect((await list()).emails[0]).toMatchObject({ id, attachmentCount: 2, preview: "Two files attached." });

    const email = await detail(id);
    expect(email).toMatchObject({ subject: "Files attached", content: "Two files attached.\n", hasHtml: false });
    expect(email.headers).toMatchObject({ "x-campaign": "spring", subject: "Files attached", from: "Ada Lovelace <ada@example.org>" });
    const [pdf, disguised] = email.attachments;
    expect(pdf).toMatchObject({
      filename: "report.pdf",
      declaredType: "application/pdf",
      contentType: "application/pdf",
      size: PDF.length,
      note: null,
    });
    expect(disguised).toMatchObject({ filename: "invoice.pdf", declaredType: "application/pdf", contentType: "text/plain; charset=utf-8" });

    const file = await download(pdf!.downloadUrl!);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect(file.headers).toMatchObject({
      "content-type": "application/pdf",
      "content-disposition": "attachment; filename=\"report.pdf\"; filename*=UTF-8''report.pdf",
      "x-content-type-options": "nosniff",
    });
    const page = await download(disguised!.downloadUrl!);
    expect(page.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(page.headers["content-disposition"]).toMatch(/^attachment;/);
    expect(page.headers["content-security-policy"]).toContain("sandbox");
    await expectAdminOnlyRest(t, { method: "GET", url: pdf!.downloadUrl! });
    expect((await download("/api/email/inbound-attachments/not-an-id")).statusCode).toBe(400);
  });

  it("lists a file over 2 MB without keeping it, and bounds the headers it keeps", async () => {
    const { url } = await generate({ provider: "raw" });
    const many = Array.from({ length: 150 }, (_, i) => `X-Filler-${i}: ${"v".repeat(50)}`);
    const response = await postRaw(
      url,
      messageWithAttachments({ oversized: true, extraHeaders: [...many, `X-Huge: ${"h".repeat(5000)}`] }),
    );
    expect(response.statusCode).toBe(200);
    const email = await detail(response.json<{ id: string }>().id);
    const huge = email.attachments.find((attachment) => attachment.filename === "huge.bin");
    expect(huge).toMatchObject({ size: 2 * 1024 * 1024 + 1, downloadUrl: null, note: "Not kept: larger than 2 MB" });
    expect(email.attachments.filter((attachment) => attachment.downloadUrl)).toHaveLength(2);
    expect(Object.keys(email.headers)).toHaveLength(100);
    expect(Buffer.byteLength(JSON.stringify(email.headers))).toBeLessThanOrEqual(16 * 1024);
    expect(email.headers["x-huge"]).toBeUndefined();
    expect((await t.trpcQuery("inboundMail.message", { id: randomUUID() }, admin.headers)).status).toBe(404);
  });
});

describe("Resend inbound address", () => {
  it("refuses to make a Resend address without a readable signing secret", async () => {
    const missing = await t.trpcMutation("inboundMail.generateWebhook", { provider: "resend" }, admin.headers);
    expect(missing.status).toBe(400);
    const unreadable = await t.trpcMutation(
      "inboundMail.generateWebhook",
      { provider: "resend", signingSecret: "whsec_%%%" },
      admin.headers,
    );
    expect(unreadable.status).toBe(400);
    expect(unreadable.error?.message).toMatch(/signing secret is not valid/);
  });

  it("stores a delivery signed with standardwebhooks", async () => {
    const { url } = await generate({ provider: "resend", signingSecret: SIGNING_SECRET });
    const body = resendEvent("Signed hello");
    const response = await t.inject({ method: "POST", url: pathOf(url), headers: signedHeaders(body), payload: body });
    expect(response.statusCode).toBe(200);
    const [email] = (await list()).emails;
    expect(email).toMatchObject({
      provider: "resend",
      from: "Grace <grace@example.org>",
      to: "lab@example.com, ops@example.com",
      subject: "Signed hello",
      preview: "Signed and sealed.",
    });
  });

  it("fetches the body, headers and attachments an event leaves out from Resend's receiving API with the site's key", async () => {
    const { url } = await generate({ provider: "resend", signingSecret: SIGNING_SECRET });
    const emailId = randomUUID();
    resendApi.answers.push(
      {
        status: 200,
        body: {
          object: "email",
          id: emailId,
          text: "The whole body, fetched.",
          html: "<p>The whole body</p>",
          headers: { "X-Mailer": "resend-test" },
        },
      },
      {
        status: 200,
        body: {
          object: "list",
          data: [
            { id: "att_1", filename: "notes.txt", content_type: "text/plain", size: 11, download_url: `${resendApi.baseUrl}/files/att_1` },
          ],
        },
      },
      { status: 200, raw: "hello notes" },
    );
    const body = metadataOnlyEvent(emailId);
    const response = await t.inject({ method: "POST", url: pathOf(url), headers: signedHeaders(body), payload: body });
    expect(response.statusCode).toBe(200);
    expect(resendApi.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      `GET /emails/receiving/${emailId}`,
      `GET /emails/receiving/${emailId}/attachments`,
      "GET /files/att_1",
    ]);
    expect(resendApi.requests[0]!.headers.authorization).toBe(`Bearer ${SITE_RESEND_KEY}`);
    const email = await detail(response.json<{ id: string }>().id);
    expect(email).toMatchObject({ content: "The whole body, fetched.", hasHtml: true, headers: { "x-mailer": "resend-test" } });
    expect(email.attachments).toMatchObject([{ filename: "notes.txt", contentType: "text/plain; charset=utf-8", size: 11, note: null }]);
    expect((await download(email.attachments[0]!.downloadUrl!)).body).toBe("hello notes");
  });

  it("keeps the message with a 'body not available' reason when Resend fails or no key is configured", async () => {
    const { url } = await generate({ provider: "resend", signingSecret: SIGNING_SECRET });
    resendApi.answers.push({ status: 404, body: { name: "not_found", message: "Email not found" } });
    const body = metadataOnlyEvent(randomUUID());
    const response = await t.inject({ method: "POST", url: pathOf(url), headers: signedHeaders(body), payload: body });
    expect(response.statusCode).toBe(200);
    const email = await detail(response.json<{ id: string }>().id);
    expect(email.content).toBe("body not available: Resend answered 404: Email not found");
    expect(email.attachments).toMatchObject([
      { filename: "notes.txt", downloadUrl: null, note: "Not kept: Resend answered 404: Email not found" },
    ]);
    expect((await list()).emails[0]!.preview).toBe("body not available: Resend answered 404: Email not found");

    const message = { from: "a@example.org", to: "b@example.com", subject: "", text: "", html: null, headers: {}, attachments: [] };
    const withoutKey = await completeResendDelivery(
      { message, emailId: "e1", hasBody: false },
      { apiKey: undefined, baseUrl: resendApi.baseUrl },
    );
    expect(withoutKey.text).toBe("body not available: no RESEND_API_KEY is configured to fetch it from Resend");
    expect(resendApi.requests).toHaveLength(1);
  });

  it("answers 401 to a bad or missing signature and 415 to raw MIME, storing nothing", async () => {
    const { url } = await generate({ provider: "resend", signingSecret: SIGNING_SECRET });
    const before = await countReceived();
    const body = resendEvent("Forged");
    const otherSecret = `whsec_${Buffer.from("another-secret-of-thirty-two-byt").toString("base64")}`;
    const forged = await t.inject({ method: "POST", url: pathOf(url), headers: signedHeaders(body, otherSecret), payload: body });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ error: "The webhook signature is missing or invalid" });
    const tampered = await t.inject({
      method: "POST",
      url: pathOf(url),
      headers: signedHeaders(body),
      payload: body.replace("Forged", "Tampered"),
    });
    expect(tampered.statusCode).toBe(401);
    const unsigned = await t.inject({ method: "POST", url: pathOf(url), headers: { "content-type": "application/json" }, payload: body });
    expect(unsigned.statusCode).toBe(401);
    expect((await postRaw(url)).statusCode).toBe(415);
    const otherEvent = JSON.stringify({ type: "email.sent", data: {} });
    expect((await t.inject({ method: "POST", url: pathOf(url), headers: signedHeaders(otherEvent), payload: otherEvent })).statusCode).toBe(
      400,
    );
    expect(await countReceived()).toBe(before);
  });
});

const MAILGUN_KEY = "mailgun-http-webhook-signing-key";
function mailgunForm(options: { key?: string; timestamp?: number; subject?: string } = {}) {
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  const token = randomUUID().replaceAll("-", "");
  const form = new FormData();
  form.append("timestamp", timestamp);
  form.append("token", token);
  form.append(
    "signature",
    createHmac("sha256", options.key ?? MAILGUN_KEY)
      .update(timestamp + token)
      .digest("hex"),
  );
  form.append("from", "Linus <linus@example.org>");
  form.append("recipient", "lab@example.com");
  form.append("subject", options.subject ?? "Routed by Mailgun");
  form.append("body-plain", "Forwarded by a Mailgun route.");
  form.append("body-html", "<p>Forwarded</p>");
  form.append(
    "message-headers",
    JSON.stringify([
      ["Received", "by mx1"],
      ["Received", "by mx2"],
      ["X-Mailgun-Variables", "{}"],
    ]),
  );
  form.append("attachment-1", new Blob(["route notes"], { type: "text/plain" }), "notes.txt");
  return form;
}
/** A form as the provider sends it: the bytes and the Content-Type with its boundary. */
async function encode(form: FormData) {
  const request = new Request("http://encoder.invalid", { method: "POST", body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { "content-type": request.headers.get("content-type")! } };
}

describe("Mailgun inbound address", () => {
  it("stores a route forward signed with the webhook signing key", async () => {
    const { url } = await generate({ provider: "mailgun", signingSecret: MAILGUN_KEY });
    const response = await t.inject({ method: "POST", url: pathOf(url), ...(await encode(mailgunForm())) });
    expect(response.statusCode).toBe(200);
    const [email] = (await list()).emails;
    expect(email).toMatchObject({
      provider: "mailgun",
      from: "Linus <linus@example.org>",
      to: "lab@example.com",
      subject: "Routed by Mailgun",
      preview: "Forwarded by a Mailgun route.",
    });
    const { headers, attachments } = await detail(response.json<{ id: string }>().id);
    expect(headers).toMatchObject({ received: "by mx1\nby mx2", "x-mailgun-variables": "{}" });
    expect(attachments).toMatchObject([
      { filename: "notes.txt", declaredType: "text/plain", contentType: "text/plain; charset=utf-8", size: 11 },
    ]);
    expect((await download(attachments[0]!.downloadUrl!)).body).toBe("route notes");
  });

  it("answers 401 to another key's signature or a stale timestamp, storing nothing", async () => {
    const { url } = await generate({ provider: "mailgun", signingSecret: MAILGUN_KEY });
    const before = await countReceived();
    const forged = await t.inject({ method: "POST", url: pathOf(url), ...(await encode(mailgunForm({ key: "another-key" }))) });
    expect(forged.statusCode).toBe(401);
    const stale = await t.inject({
      method: "POST",
      url: pathOf(url),
      ...(await encode(mailgunForm({ timestamp: Math.floor(Date.now() / 1000) - 3600 }))),
    });
    expect(stale.statusCode).toBe(401);
    expect((await postRaw(url)).statusCode).toBe(415);
    expect(await countReceived()).toBe(before);
  });
});

describe("SendGrid Inbound Parse address", () => {
  it("stores parsed fields, and a raw message sent in the email field", async () => {
    const { url } = await generate({ provider: "sendgrid" });
    const parsed = new FormData();
    parsed.append("from", "Margaret <margaret@example.org>");
    parsed.append("to", "lab@example.com");
    parsed.append("subject", "Parsed by SendGrid");
    parsed.append("text", "Parsed text body.");
    parsed.append("headers", "Message-ID: <1@example.org>\nX-Long: first part\n  folded part\nSubject: Parsed by SendGrid\n");
    const first = await t.inject({ method: "POST", url: pathOf(url), ...(await encode(parsed)) });
    expect(first.statusCode).toBe(200);
    expect((await detail(first.json<{ id: string }>().id)).headers).toEqual({
      "message-id": "<1@example.org>",
      "x-long": "first part folded part",
      subject: "Parsed by SendGrid",
    });
    const raw = new FormData();
    raw.append("email", rawMessage);
    expect((await t.inject({ method: "POST", url: pathOf(url), ...(await encode(raw)) })).statusCode).toBe(200);
    const [latest, previous] = (await list()).emails;
    expect(previous).toMatchObject({
      provider: "sendgrid",
      from: "Margaret <margaret@example.org>",
      subject: "Parsed by SendGrid",
      preview: "Parsed text body.",
    });
    expect(latest).toMatchObject({ provider: "sendgrid", from: "Ada Lovelace <ada@example.org>", subject: "Café notes" });
  });

  it("refuses a form without sender or recipient (400), storing nothing", async () => {
    const { url } = await generate({ provider: "sendgrid" });
    const before = await countReceived();
    const form = new FormData();
    form.append("subject", "Nobody");
    const response = await t.inject({ method: "POST", url: pathOf(url), ...(await encode(form)) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: "The form lacks the from field" });
    expect(await countReceived()).toBe(before);
  });
});

describe("replayed deliveries", () => {
  // Each test sends from its own address: the inbound budget is counted per address.
  const from = (remoteAddress: string) => ({ remoteAddress });
  const idOf = (response: { json: <T>() => T }) => response.json<{ id: string }>().id;

  it("stores a Resend delivery once by its webhook-id, answering each replay like the first, concurrent copies included", async () => {
    const { url } = await generate({ provider: "resend", signingSecret: SIGNING_SECRET });
    const before = await countReceived();
    const body = resendEvent("Sent once");
    const headers = signedHeaders(body);
    const first = await t.inject({ method: "POST", url: pathOf(url), headers, payload: body, ...from("192.0.2.11") });
    const replay = await t.inject({ method: "POST", url: pathOf(url), headers, payload: body, ...from("192.0.2.11") });
    expect([first.statusCode, replay.statusCode]).toEqual([200, 200]);
    expect(replay.json()).toEqual(first.json());
    expect(await countReceived()).toBe(before + 1);

    const other = resendEvent("Sent concurrently");
    const otherHeaders = signedHeaders(other);
    const copies = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.inject({ method: "POST", url: pathOf(url), headers: otherHeaders, payload: other, ...from("192.0.2.11") }),
      ),
    );
    expect(copies.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(copies.map(idOf)).size).toBe(1);
    expect(await countReceived()).toBe(before + 2);
  });

  it("stores a Mailgun delivery once by its token within the signature window, concurrent copies included", async () => {
    const { url } = await generate({ provider: "mailgun", signingSecret: MAILGUN_KEY });
    const before = await countReceived();
    const delivery = await encode(mailgunForm({ subject: "Routed once" }));
    const first = await t.inject({ method: "POST", url: pathOf(url), ...delivery, ...from("192.0.2.12") });
    const replay = await t.inject({ method: "POST", url: pathOf(url), ...delivery, ...from("192.0.2.12") });
    expect([first.statusCode, replay.statusCode]).toEqual([200, 200]);
    expect(idOf(replay)).toBe(idOf(first));
    expect(await countReceived()).toBe(before + 1);

    const concurrent = await encode(mailgunForm({ subject: "Routed concurrently" }));
    const copies = await Promise.all(
      Array.from({ length: 5 }, () => t.inject({ method: "POST", url: pathOf(url), ...concurrent, ...from("192.0.2.12") })),
    );
    expect(copies.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(copies.map(idOf)).size).toBe(1);
    expect(await countReceived()).toBe(before + 2);
    // The same message under a new token is a new delivery.
    expect(
      (
        await t.inject({
          method: "POST",
          url: pathOf(url),
          ...(await encode(mailgunForm({ subject: "Routed once" }))),
          ...from("192.0.2.12"),
        })
      ).statusCode,
    ).toBe(200);
    expect(await countReceived()).toBe(before + 3);
  });

  it("stores raw MIME and SendGrid mail once by Message-ID; mail without one each time it comes", async () => {
    const raw = await generate({ provider: "raw" });
    const before = await countReceived();
    const withId = `Message-ID: <once-${randomUUID()}@example.org>\r\n${rawMessage}`;
    const post = (url: string, body: string) =>
      t.inject({ method: "POST", url: pathOf(url), headers: { "content-type": "message/rfc822" }, payload: body, ...from("192.0.2.13") });
    const copies = await Promise.all([post(raw.url, withId), post(raw.url, withId), post(raw.url, withId)]);
    expect(copies.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(copies.map(idOf)).size).toBe(1);
    expect(await countReceived()).toBe(before + 1);
    await post(raw.url, rawMessage);
    await post(raw.url, rawMessage);
    expect(await countReceived()).toBe(before + 3);

    const sendgrid = await generate({ provider: "sendgrid" });
    const form = new FormData();
    form.append("from", "Margaret <margaret@example.org>");
    form.append("to", "lab@example.com");
    form.append("headers", `Message-ID: <sg-${randomUUID()}@example.org>\nSubject: Parsed once\n`);
    const encoded = await encode(form);
    const first = await t.inject({ method: "POST", url: pathOf(sendgrid.url), ...encoded, ...from("192.0.2.13") });
    const replay = await t.inject({ method: "POST", url: pathOf(sendgrid.url), ...encoded, ...from("192.0.2.13") });
    expect(idOf(replay)).toBe(idOf(first));
    expect(await countReceived()).toBe(before + 4);
  });

  it("forgets delivery ids after a week", async () => {
    const now = Date.now();
    await t.db.insert(inboundDeliveries).values([
      { provider: "raw", deliveryId: "<old@example.org>", emailId: randomUUID(), seenAt: new Date(now - DELIVERY_ID_RETENTION_MS - 1000) },
      { provider: "raw", deliveryId: "<recent@example.org>", emailId: randomUUID(), seenAt: new Date(now - 60_000) },
    ]);
    expect(await pruneDeliveryIds(t.db, now)).toBe(1);
    const kept = (await t.db.select({ id: inboundDeliveries.deliveryId }).from(inboundDeliveries)).map((row) => row.id);
    expect(kept).toContain("<recent@example.org>");
    expect(kept).not.toContain("<old@example.org>");
  });
});

describe("messages that cannot be read", () => {
  it("answers 422 to 2,000 nested MIME parts, storing nothing and logging one warning", async () => {
    const { url } = await generate({ provider: "raw" });
    const before = await countReceived();
    const depth = 2000;
    const lines = [
      "From: deep@example.org",
      "To: lab@example.com",
      "Subject: Nested",
      "MIME-Version: 1.0",
      'Content-Type: multipart/mixed; boundary="b0"',
      "",
    ];
    for (let level = 1; level <= depth; level++) lines.push(`--b${level - 1}`, `Content-Type: multipart/mixed; boundary="b${level}"`, "");
    lines.push(`--b${depth}`, "Content-Type: text/plain", "", "bottom", `--b${depth}--`);
    for (let level = depth - 1; level >= 0; level--) lines.push(`--b${level}--`);
    t.logs.length = 0;
    const response = await t.inject({
      method: "POST",
      url: pathOf(url),
      headers: { "content-type": "message/rfc822" },
      payload: lines.join("\r\n"),
      remoteAddress: "192.0.2.14",
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ error: "This message could not be read: Maximum MIME nesting depth of 256 levels exceeded" });
    expect(t.logs.filter((line) => line.level === 40).map((line) => line.msg)).toEqual(["inbound message refused"]);
    expect(await countReceived()).toBe(before);
  });
});

describe("rate limit", () => {
  it("limits deliveries per address (429 with Retry-After)", async () => {
    const statuses: number[] = [];
    let retryAfter: unknown;
    for (let i = 0; i < 61; i++) {
      const response = await t.inject({
        method: "POST",
        url: "/api/email/inbound/guess",
        remoteAddress: "203.0.113.9",
        headers: { "content-type": "message/rfc822" },
        payload: rawMessage,
      });
      statuses.push(response.statusCode);
      retryAfter = response.headers["retry-after"];
    }
    expect(statuses.slice(0, 60).every((status) => status === 404)).toBe(true);
    expect(statuses[60]).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});
