import { EventEmitter } from "node:events";
import { eq, sql } from "drizzle-orm";
import { isSettledMailStatus, type MailStatus } from "#common/mail/mail.ts";
import { rowsOf, type Database, type Executor } from "#server/db/client.ts";
import { mailMessages } from "#server/db/schema/index.ts";

/** What a caller queues. No `from`: the site's sender (MAIL_FROM). */
export type NewMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  from?: string;
  /** Extra headers, such as List-Unsubscribe. */
  headers?: Record<string, string>;
  /** The same key queued twice (even from two instances) writes one message. */
  idempotencyKey?: string;
  /** For a newsletter's mail: its send's id, which counts its progress. */
  newsletterSendId?: string;
};

export type MailResult = {
  id: string;
  status: MailStatus;
  attempts: number;
  provider: string | null;
  providerMessageId: string | null;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
};

/** Rows per INSERT when queueing many: a few MB of JSON per statement at most. */
const INSERT_CHUNK = 2_000;
/** How often sendAndWait looks at the row when no worker in this process reports on it. */
const WAIT_RECHECK_MS = 250;

/**
 * In-process signals: `queued` wakes this process' workers at once instead of at their next poll;
 * `settled` tells sendAndWait that a worker here finished a message. Work itself never lives here: a worker
 * in another instance, or the poll, picks up anything these signals miss.
 */
const signals = new EventEmitter();
signals.setMaxListeners(0);
export const onMailQueued = (listener: () => void): (() => void) => {
  signals.on("queued", listener);
  return () => signals.off("queued", listener);
};
export const announceMailSettled = (id: string): void => {
  signals.emit(`settled:${id}`);
};

const toRow = (mail: NewMail) => ({
  toAddress: mail.to.trim(),
  subject: mail.subject,
  textBody: mail.text,
  htmlBody: mail.html ?? null,
  fromAddress: mail.from ?? null,
  headers: mail.headers ?? null,
  idempotencyKey: mail.idempotencyKey ?? null,
  newsletterSendId: mail.newsletterSendId ?? null,
});

/**
 * Queues one message. Pass the transaction of what caused the mail, so both are written or neither is:
 * a mail queued in a transaction that rolls back is never sent. With an idempotency key already queued,
 * nothing is written and the existing message's id comes back with `created: false`.
 */
export async function enqueueMail(executor: Executor, mail: NewMail): Promise<{ id: string; created: boolean }> {
  const [row] = await executor
    .insert(mailMessages)
    .values(toRow(mail))
    .onConflictDoNothing({ target: mailMessages.idempotencyKey })
    .returning({ id: mailMessages.id });
  signals.emit("queued");
  if (row) return { id: row.id, created: true };
  const [existing] = await executor
    .select({ id: mailMessages.id })
    .from(mailMessages)
    .where(eq(mailMessages.idempotencyKey, mail.idempotencyKey!));
  return { id: existing!.id, created: false };
}

/**
 * Queues many messages (a newsletter) and returns how many were new. Each chunk travels as one JSON
 * parameter unpacked by jsonb_to_recordset: one statement and one parameter per chunk, instead of seven
 * parameters a row that the driver would bind and Drizzle would build one by one.
 */
export async function enqueueMails(executor: Executor, mails: NewMail[]): Promise<number> {
  let created = 0;
  for (let start = 0; start < mails.length; start += INSERT_CHUNK) {
    const rows = mails.slice(start, start + INSERT_CHUNK).map((mail) => ({
      to_address: mail.to.trim(),
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html ?? null,
      from_address: mail.from ?? null,
      headers: mail.headers ?? null,
      idempotency_key: mail.idempotencyKey ?? null,
      newsletter_send_id: mail.newsletterSendId ?? null,
    }));
    const result = await executor.execute(sql`
      insert into ${mailMessages} (to_address, subject, text_body, html_body, from_address, headers, idempotency_key, newsletter_send_id)
      select to_address, subject, text_body, html_body, from_address, headers, idempotency_key, newsletter_send_id
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as x(to_address text, subject text, text_body text, html_body text, from_address text, headers jsonb, idempotency_key text, newsletter_send_id uuid)
      on conflict (idempotency_key) do nothing
      returning 1`);
    created += rowsOf(result).length;
  }
  if (created > 0) signals.emit("queued");
  return created;
}

export async function readMail(db: Database, id: string): Promise<MailResult | null> {
  const [row] = await db
    .select({
      id: mailMessages.id,
      status: mailMessages.status,
      attempts: mailMessages.attempts,
      provider: mailMessages.provider,
      providerMessageId: mailMessages.providerMessageId,
      lastError: mailMessages.lastError,
      createdAt: mailMessages.createdAt,
      sentAt: mailMessages.sentAt,
    })
    .from(mailMessages)
    .where(eq(mailMessages.id, id));
  return row ?? null;
}

/**
 * For an admin's test send: wakes the workers, then waits until the message is sent, kept or failed, or
 * until `timeoutMs` passed (then the result still says `queued` or `sending`, with the last error if any).
 * Null when there is no such message.
 */
export async function sendAndWait(db: Database, id: string, timeoutMs: number): Promise<MailResult | null> {
  signals.emit("queued");
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await readMail(db, id);
    const left = deadline - Date.now();
    if (!result || isSettledMailStatus(result.status) || left <= 0) return result;
    await settledOrTimeout(id, Math.min(left, WAIT_RECHECK_MS));
  }
}

function settledOrTimeout(id: string, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signals.off(`settled:${id}`, done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signals.once(`settled:${id}`, done);
  });
}
