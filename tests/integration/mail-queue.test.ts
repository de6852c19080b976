import net from "node:net";
import { count, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#server/db/client.ts";
import { mailMessages } from "#server/db/schema/index.ts";
import { createMailWorker, enqueueMail, enqueueMails, sendAndWait, type MailDriver } from "#server/infra/mail/index.ts";
import { makeDue, mailRow, mailWorkerFor, type TestMailWorker } from "../helpers/mail";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp-sink";
import { useTestApp } from "../helpers/test-app";
import { usesRealPostgres } from "../helpers/test-database";

const t = useTestApp();
let sink: SmtpSink;
let smtp: TestMailWorker;

beforeAll(async () => {
  sink = await startSmtpSink();
  smtp = mailWorkerFor(t, { MAIL_PROVIDER: "smtp", SMTP_URL: sink.url });
});
afterAll(async () => {
  await smtp?.close();
  await sink?.stop();
});

const countTo = async (pattern: string) =>
  (await t.db.select({ n: count() }).from(mailMessages).where(like(mailMessages.toAddress, pattern)))[0]!.n;

describe("queueing", () => {
  it("writes one message for one idempotency key, even when two callers race", async () => {
    const mail = { to: "once@example.com", subject: "Once", text: "Only once.", idempotencyKey: "welcome/once@example.com" };
    const first = await enqueueMail(t.db, mail);
    const [again, raced] = await Promise.all([enqueueMail(t.db, mail), enqueueMail(t.db, mail)]);
    expect(first.created).toBe(true);
    expect(again).toEqual({ id: first.id, created: false });
    expect(raced).toEqual({ id: first.id, created: false });
    expect(await countTo("once@%")).toBe(1);
    await smtp.worker.drain();
    expect(sink.received.filter((m) => m.to.includes("once@example.com"))).toHaveLength(1);
  });

  it("never sends a message whose transaction rolled back", async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await enqueueMail(tx, { to: "rolled-back@example.com", subject: "Never", text: "This must not leave." });
        throw new Error("the signup failed after queueing its welcome mail");
      }),
    ).rejects.toThrow("the signup failed");
    await smtp.worker.drain();
    expect(await countTo("rolled-back@%")).toBe(0);
    expect(sink.received.filter((m) => m.to.includes("rolled-back@example.com"))).toHaveLength(0);
  });

  it("queues thousands at once in chunks, skipping keys already queued", async () => {
    const mails = Array.from({ length: 2_500 }, (_, i) => ({
      to: `bulk${i}@example.com`,
      subject: "Bulk",
      text: `Message ${i}`,
      idempotencyKey: `bulk/${i}`,
    }));
    expect(await enqueueMails(t.db, mails.slice(0, 100))).toBe(100);
    expect(await enqueueMails(t.db, mails)).toBe(2_400);
    expect(await countTo("bulk%")).toBe(2_500);
    // Delivered later with the rest; mark them done so the next tests' drains stay small.
    await t.db
      .update(mailMessages)
      .set({ status: "failed", lastError: "test: not delivered" })
      .where(like(mailMessages.toAddress, "bulk%"));
  });
});

describe("the worker", () => {
  it.skipIf(!usesRealPostgres())(
    "delivers each message exactly once with two workers on one Postgres database (skipped on PGlite: one connection, no concurrency to test)",
    async () => {
      const second = await openDatabase({ kind: "postgres", url: t.database.url! });
      const other = mailWorkerFor(t, { MAIL_PROVIDER: "smtp", SMTP_URL: sink.url }, { batchSize: 10 }, second.db);
      try {
        const mails = Array.from({ length: 300 }, (_, i) => ({ to: `pair${i}@example.com`, subject: "Pair", text: `Message ${i}` }));
        await enqueueMails(t.db, mails);
        const [a, b] = await Promise.all([smtp.worker.drain(), other.worker.drain()]);
        expect(a + b).toBe(300);
        expect(a).toBeGreaterThan(0);
        expect(b).toBeGreaterThan(0);
        const received = sink.received.filter((m) => m.to[0]!.startsWith("pair"));
        expect(received).toHaveLength(300);
        expect(new Set(received.map((m) => m.messageId)).size).toBe(300);
        const rows = await t.db
          .select({ status: mailMessages.status, attempts: mailMessages.attempts })
          .from(mailMessages)
          .where(like(mailMessages.toAddress, "pair%"));
        expect(rows.every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);
      } finally {
        await other.close();
        await second.close();
      }
    },
  );

  it("retries a message whose worker died mid-send once its claim expires, and the dead worker's late answer changes nothing", async () => {
    let finishHungSend = (_value: { providerMessageId: string }) => {};
    let sendStarted = () => {};
    const started = new Promise<void>((resolve) => (sendStarted = resolve));
    const hanging: MailDriver = {
      provider: "smtp",
      delivers: true,
      deliver: () => {
        sendStarted();
        return new Promise((resolve) => (finishHungSend = resolve));
      },
      verify: async () => {},
      close: async () => {},
    };
    // A claim of 0 ms: expired as soon as it is taken, as if its worker had been killed long ago.
    const dying = createMailWorker({ db: t.db, driver: hanging, logger: t.deps.logger, defaultFrom: "hello@lab.example" }, { leaseMs: 0 });
    const { id } = await enqueueMail(t.db, { to: "lease@example.com", subject: "Lease", text: "Who sends me?" });
    const dyingDrain = dying.drain();
    await started;
    expect(await mailRow(t.db, id)).toMatchObject({ status: "sending", attempts: 1 });

    await smtp.worker.drain();
    const sent = await mailRow(t.db, id);
    expect(sent).toMatchObject({ status: "sent", attempts: 2, providerMessageId: `<${id}@lab.example>` });

    finishHungSend({ providerMessageId: "from-the-dead-worker" });
    await dyingDrain;
    expect(await mailRow(t.db, id)).toMatchObject({ status: "sent", attempts: 2, providerMessageId: `<${id}@lab.example>` });
    expect(t.logs.some((entry) => entry.msg.startsWith("mail: delivered after its claim expired"))).toBe(true);
    expect(sink.received.filter((m) => m.to.includes("lease@example.com"))).toHaveLength(1);
  });

  it("fails a message whose claim expired on its last attempt instead of trying it forever", async () => {
    const { id } = await enqueueMail(t.db, { to: "crasher@example.com", subject: "Crash", text: "Kills its worker." });
    await t.db.update(mailMessages).set({ status: "sending", attempts: 10 }).where(eq(mailMessages.id, id));
    await makeDue(t.db, [id]);
    await smtp.worker.drain();
    expect(await mailRow(t.db, id)).toMatchObject({
      status: "failed",
      attempts: 10,
      lastError: "the worker stopped during the last attempt",
    });
  });

  it("wakes up when mail is queued and lets a caller wait for the result (an admin's test send)", async () => {
    const started = mailWorkerFor(t, { MAIL_PROVIDER: "smtp", SMTP_URL: sink.url }, { pollIntervalMs: 60_000 });
    started.worker.start();
    try {
      const { id } = await enqueueMail(t.db, { to: "test-send@example.com", subject: "Test send", text: "Does it work?" });
      const result = await sendAndWait(t.db, id, 10_000);
      expect(result).toMatchObject({
        id,
        status: "sent",
        provider: "smtp",
        providerMessageId: `<${id}@lab.example>`,
        lastError: null,
        attempts: 1,
      });
      expect(result!.sentAt).toBeInstanceOf(Date);

      sink.setVerdict((mail) => (mail.to.includes("refused@example.com") ? { code: 550, message: "5.7.1 Relaying denied" } : undefined));
      const refused = await enqueueMail(t.db, { to: "refused@example.com", subject: "Test send", text: "Refused." });
      expect(await sendAndWait(t.db, refused.id, 10_000)).toMatchObject({
        status: "failed",
        lastError: expect.stringMatching(/^SMTP 550: .*Relaying denied/),
      });
    } finally {
      sink.setVerdict(() => undefined);
      await started.close();
    }
  });

  it("answers a wait that outlasts its timeout with the message as it stands, and an unknown id with null", async () => {
    const { id } = await enqueueMail(t.db, { to: "slow@example.com", subject: "Slow", text: "No worker runs." });
    expect(await sendAndWait(t.db, id, 50)).toMatchObject({ id, status: "queued", attempts: 0, sentAt: null });
    expect(await sendAndWait(t.db, "00000000-0000-4000-8000-000000000000", 50)).toBeNull();
    await smtp.worker.drain();
  });

  it.skipIf(!usesRealPostgres())(
    "waits out a database outage with a warning and delivers once the database is back (skipped on PGlite: embedded, it cannot go away)",
    async () => {
      const target = new URL(t.database.url!);
      const proxy = await startTcpProxy(target.hostname, Number(target.port));
      const viaProxy = new URL(t.database.url!);
      viaProxy.port = String(proxy.port);
      const handle = await openDatabase({ kind: "postgres", url: viaProxy.toString() });
      const cut = mailWorkerFor(t, { MAIL_PROVIDER: "smtp", SMTP_URL: sink.url }, { pollIntervalMs: 50 }, handle.db);
      try {
        const { id } = await enqueueMail(t.db, { to: "outage@example.com", subject: "Outage", text: "Waits for the database." });
        await proxy.stop();
        cut.worker.start();
        await expect
          .poll(() => t.logs.some((entry) => entry.msg.startsWith("mail worker: the database is unreachable")), { timeout: 10_000 })
          .toBe(true);
        expect(await mailRow(t.db, id)).toMatchObject({ status: "queued", attempts: 0 });

        await proxy.start();
        expect(await sendAndWait(t.db, id, 10_000)).toMatchObject({ status: "sent", attempts: 1 });
        expect(sink.received.filter((m) => m.to.includes("outage@example.com"))).toHaveLength(1);
        // Said once for the whole outage, not at every poll, and its end said too.
        expect(t.logs.filter((entry) => entry.msg.startsWith("mail worker: the database is unreachable"))).toHaveLength(1);
        expect(t.logs.some((entry) => entry.msg === "mail worker: the database is reachable again")).toBe(true);
      } finally {
        await cut.close();
        await proxy.stop();
        await handle.close();
      }
    },
  );
});

/** A TCP forwarder in front of Postgres: stopping it refuses new connections and cuts the open ones, as an outage would. */
async function startTcpProxy(host: string, port: number) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let listenPort = 0;
  const start = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(port, host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
          socket.on("error", () => {});
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(listenPort, "127.0.0.1", () => {
        listenPort = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  await start();
  return {
    port: listenPort,
    start,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (!server?.listening) return resolve();
        server.close(() => resolve());
      }),
  };
}
