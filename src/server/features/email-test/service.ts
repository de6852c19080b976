import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import {
  ANALYTICS_DAYS,
  KEY_PREVIEW_LENGTH,
  type EmailAnalytics,
  type EmailCredentials,
  type EmailSendInput,
  type EmailSendResult,
  type EmailTestStatus,
  type MailDayFigures,
} from "#common/email-test/email-test.ts";
import { isSettledMailStatus } from "#common/mail/mail.ts";
import type { Config } from "#server/config.ts";
import { rowsOf, type Database } from "#server/db/client.ts";
import { mailMessages } from "#server/db/schema/index.ts";
import { enqueueMail, sendAndWait, type MailDriver, type MailResult } from "#server/infra/mail/index.ts";
import { toDeliveryError } from "#server/infra/mail/driver.ts";
import { oneOffDriver } from "./provider-drivers";

/** How long a test send through the queue waits for the worker's result before answering "still queued". */
export const SEND_WAIT_MS = 20_000;

type SendDeps = { db: Database; config: Pick<Config, "mailApiBaseUrl" | "mailFrom">; waitMs?: number };

/**
 * An admin's test send. With the keys for the chosen provider typed on the page (live mode), it goes
 * straight to that provider through a driver made for this request only. Otherwise it is queued like any
 * mail and the answer waits for the site's own worker and provider: sent, kept by the outbox, or failed.
 */
export async function sendTestEmail(deps: SendDeps, input: EmailSendInput, credentials: EmailCredentials | null): Promise<EmailSendResult> {
  const driver = credentials && input.provider ? oneOffDriver(input.provider, credentials, deps.config) : null;
  if (driver) return sendDirectly(deps.db, driver, input, deps.config.mailFrom);
  const { id } = await enqueueMail(deps.db, {
    to: input.to,
    subject: input.subject,
    text: input.content,
    ...(input.from ? { from: input.from } : {}),
  });
  const result = await sendAndWait(deps.db, id, deps.waitMs ?? SEND_WAIT_MS);
  return resultOfQueued(result!);
}

/**
 * A send with typed keys, straight to the provider. The attempt is written to the mail table afterwards
 * (already settled, so no worker takes it) for the Analytics tab: provider, status, reason and timing;
 * the key never leaves this function.
 */
async function sendDirectly(db: Database, driver: MailDriver, input: EmailSendInput, defaultFrom: string): Promise<EmailSendResult> {
  const started = new Date();
  const from = input.from ?? defaultFrom;
  const base = { provider: driver.provider, testMode: false };
  let result: EmailSendResult;
  try {
    const { providerMessageId } = await driver.deliver({
      id: randomUUID(),
      from,
      to: input.to,
      subject: input.subject,
      text: input.content,
    });
    const sentAt = new Date();
    result = {
      ...base,
      success: true,
      status: "sent",
      messageId: providerMessageId || null,
      timestamp: sentAt.toISOString(),
      deliveryTime: sentAt.getTime() - started.getTime(),
      error: null,
    };
  } catch (error) {
    result = {
      ...base,
      success: false,
      status: "failed",
      messageId: null,
      timestamp: new Date().toISOString(),
      deliveryTime: null,
      error: toDeliveryError(error).message,
    };
  } finally {
    await driver.close();
  }
  await db.insert(mailMessages).values({
    status: result.status === "sent" ? "sent" : "failed",
    fromAddress: from,
    toAddress: input.to,
    subject: input.subject,
    textBody: input.content,
    attempts: 1,
    provider: driver.provider,
    providerMessageId: result.messageId,
    lastError: result.error,
    createdAt: started,
    sentAt: result.success ? new Date(result.timestamp) : null,
  });
  return result;
}

function resultOfQueued(mail: MailResult): EmailSendResult {
  const settledAt = mail.sentAt ?? new Date();
  const accepted = mail.status === "sent" || mail.status === "kept";
  return {
    success: accepted,
    status: mail.status,
    messageId: mail.providerMessageId,
    timestamp: settledAt.toISOString(),
    provider: mail.provider ?? "queue",
    deliveryTime: mail.sentAt ? mail.sentAt.getTime() - mail.createdAt.getTime() : null,
    testMode: mail.status === "kept",
    error: accepted ? null : (mail.lastError ?? (isSettledMailStatus(mail.status) ? "Email sending failed" : null)),
  };
}

/** Which provider the site itself sends through, and the first 8 characters of its key (never more). */
export function emailTestStatus(config: Pick<Config, "mail" | "mailFrom">, driver: Pick<MailDriver, "delivers">): EmailTestStatus {
  const mail = config.mail;
  const key = "apiKey" in mail ? mail.apiKey : null;
  return {
    provider: mail.provider,
    delivers: driver.delivers,
    keyPrefix: key ? key.slice(0, KEY_PREVIEW_LENGTH) : null,
    from: config.mailFrom,
  };
}

type FigureRow = {
  day: string;
  provider: string;
  sent: number | string;
  failed: number | string;
  kept: number | string;
  pending: number | string;
};

/** Sent, failed, kept and still-pending mail per provider and day (UTC) over the last 30 days, and the median delivery time. */
export async function emailAnalytics(db: Database, now = new Date()): Promise<EmailAnalytics> {
  const since = new Date(now.getTime() - ANALYTICS_DAYS * 24 * 60 * 60 * 1000);
  const figures = rowsOf<FigureRow>(
    await db.execute(sql`
      select to_char(date_trunc('day', ${mailMessages.createdAt} at time zone 'UTC'), 'YYYY-MM-DD') as day,
             coalesce(${mailMessages.provider}, 'not taken yet') as provider,
             count(*) filter (where ${mailMessages.status} = 'sent') as sent,
             count(*) filter (where ${mailMessages.status} = 'failed') as failed,
             count(*) filter (where ${mailMessages.status} = 'kept') as kept,
             count(*) filter (where ${mailMessages.status} in ('queued', 'sending')) as pending
      from ${mailMessages}
      where ${mailMessages.createdAt} >= ${since.toISOString()}::timestamptz
      group by 1, 2
      order by 1 desc, 2`),
  );
  const [median] = rowsOf<{ ms: number | string | null }>(
    await db.execute(sql`
      select percentile_cont(0.5) within group (order by extract(epoch from ${mailMessages.sentAt} - ${mailMessages.createdAt}) * 1000) as ms
      from ${mailMessages}
      where ${mailMessages.status} = 'sent' and ${mailMessages.createdAt} >= ${since.toISOString()}::timestamptz`),
  );
  const rows: MailDayFigures[] = figures.map((row) => ({
    day: row.day,
    provider: row.provider,
    sent: Number(row.sent),
    failed: Number(row.failed),
    kept: Number(row.kept),
    pending: Number(row.pending),
  }));
  const totals = rows.reduce(
    (sum, row) => ({
      sent: sum.sent + row.sent,
      failed: sum.failed + row.failed,
      kept: sum.kept + row.kept,
      pending: sum.pending + row.pending,
    }),
    {
      sent: 0,
      failed: 0,
      kept: 0,
      pending: 0,
    },
  );
  const ms = median?.ms;
  return { days: ANALYTICS_DAYS, totals, rows, medianDeliveryMs: ms === null || ms === undefined ? null : Math.round(Number(ms)) };
}
