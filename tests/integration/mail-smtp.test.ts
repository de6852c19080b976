import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueueMail } from "#server/infra/mail/index.ts";
import { makeDue, mailRow, mailWorkerFor, type TestMailWorker } from "../helpers/mail";
import { headerOf, startSmtpSink, type SmtpSink } from "../helpers/smtp-sink";
import { useTestApp } from "../helpers/test-app";

const t = useTestApp();
let sink: SmtpSink;
let smtp: TestMailWorker;

beforeAll(async () => {
  sink = await startSmtpSink();
  smtp = mailWorkerFor(t, { MAIL_PROVIDER: "smtp", SMTP_URL: sink.url }, { retryBaseMs: 60_000, maxAttempts: 3 });
});
afterAll(async () => {
  await smtp?.close();
  await sink?.stop();
});

const receivedBy = (address: string) => sink.received.filter((mail) => mail.to.includes(address));

describe("delivery through SMTP (a real smtp-server)", () => {
  it("delivers a queued message with its headers and bodies, and records the server's acceptance", async () => {
    const { id } = await enqueueMail(t.db, {
      to: "reader@example.com",
      subject: "Your weekly lab notes",
      text: "Plain words for plain clients.",
      html: "<p>Rich <strong>words</strong></p>",
      headers: { "List-Unsubscribe": "<https://lab.example/unsubscribe?token=abc>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    });
    expect(await smtp.worker.drain()).toBe(1);

    const [mail] = receivedBy("reader@example.com");
    expect(mail).toBeDefined();
    expect(mail!.from).toBe("hello@lab.example");
    expect(headerOf(mail!.raw, "From")).toBe(`"The $100 Lab" <hello@lab.example>`);
    expect(headerOf(mail!.raw, "To")).toBe("reader@example.com");
    expect(headerOf(mail!.raw, "Subject")).toBe("Your weekly lab notes");
    expect(headerOf(mail!.raw, "List-Unsubscribe")).toBe("<https://lab.example/unsubscribe?token=abc>");
    expect(headerOf(mail!.raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    expect(mail!.raw).toContain("Plain words for plain clients.");
    expect(mail!.raw).toContain("<p>Rich <strong>words</strong></p>");

    const row = await mailRow(t.db, id);
    expect(row).toMatchObject({ status: "sent", provider: "smtp", attempts: 1, lastError: null, providerMessageId: `<${id}@lab.example>` });
    expect(mail!.messageId).toBe(row.providerMessageId);
    expect(row.sentAt!.getTime()).toBeGreaterThanOrEqual(row.createdAt.getTime());
  });

  it("retries after a 451 and then delivers, with the same Message-ID", async () => {
    let refusals = 0;
    sink.setVerdict((mail) =>
      mail.to.includes("greylisted@example.com") && refusals++ === 0
        ? { code: 451, message: "4.7.1 Greylisted, try again later" }
        : undefined,
    );
    const { id } = await enqueueMail(t.db, { to: "greylisted@example.com", subject: "Retry me", text: "Second time lucky." });
    await smtp.worker.drain();

    const waiting = await mailRow(t.db, id);
    expect(waiting).toMatchObject({ status: "queued", attempts: 1, provider: "smtp" });
    expect(waiting.lastError).toMatch(/^SMTP 451: .*Greylisted, try again later/);
    expect(waiting.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
    expect(receivedBy("greylisted@example.com")).toHaveLength(0);

    await makeDue(t.db, [id]);
    await smtp.worker.drain();
    expect(await mailRow(t.db, id)).toMatchObject({
      status: "sent",
      attempts: 2,
      lastError: null,
      providerMessageId: `<${id}@lab.example>`,
    });
    expect(receivedBy("greylisted@example.com").map((mail) => mail.messageId)).toEqual([`<${id}@lab.example>`]);
  });

  it("fails a message at once on a 550, with the server's reason", async () => {
    sink.setVerdict((mail) =>
      mail.to.includes("nobody@example.com")
        ? { code: 550, message: "5.1.1 The email account that you tried to reach does not exist" }
        : undefined,
    );
    const { id } = await enqueueMail(t.db, { to: "nobody@example.com", subject: "Anyone there?", text: "Hello?" });
    await smtp.worker.drain();
    const row = await mailRow(t.db, id);
    expect(row).toMatchObject({ status: "failed", attempts: 1, provider: "smtp", sentAt: null });
    expect(row.lastError).toMatch(/^SMTP 550: .*does not exist/);
  });

  it("keeps mail queued with the reason while the server is away, and delivers it when it returns", async () => {
    sink.setVerdict(() => undefined);
    const port = sink.port;
    await sink.stop();
    const { id } = await enqueueMail(t.db, { to: "patient@example.com", subject: "Eventually", text: "The server was down." });
    await smtp.worker.drain();
    const waiting = await mailRow(t.db, id);
    expect(waiting).toMatchObject({ status: "queued", attempts: 1 });
    expect(waiting.lastError).toMatch(/^SMTP: .*ECONNREFUSED/);

    sink = await startSmtpSink(port);
    await makeDue(t.db, [id]);
    await smtp.worker.drain();
    expect(await mailRow(t.db, id)).toMatchObject({ status: "sent", attempts: 2, lastError: null });
    expect(receivedBy("patient@example.com")).toHaveLength(1);
  });

  it("fails a message whose transient failures outlast the attempts, with the last reason", async () => {
    sink.setVerdict((mail) => (mail.to.includes("full@example.com") ? { code: 452, message: "4.2.2 Mailbox full" } : undefined));
    const { id } = await enqueueMail(t.db, { to: "full@example.com", subject: "Too much", text: "Full." });
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await makeDue(t.db, [id]);
      await smtp.worker.drain();
    }
    const row = await mailRow(t.db, id);
    expect(row).toMatchObject({ status: "failed", attempts: 3 });
    expect(row.lastError).toMatch(/^SMTP 452: .*Mailbox full/);
  });
});
