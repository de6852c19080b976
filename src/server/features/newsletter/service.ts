import { randomUUID } from "node:crypto";
import { and, asc, count, eq, isNotNull, isNull } from "drizzle-orm";
import type { MailStatus } from "#common/mail/mail.ts";
import type { NewsletterProgress, NewsletterSendInput, NewsletterSendResult } from "#common/newsletter/newsletter.ts";
import type { Database } from "#server/db/client.ts";
import { emailTemplates, mailMessages, newsletterSends, waitlistEntries } from "#server/db/schema/index.ts";
import { invalid, notFound } from "#server/infra/errors.ts";
import { enqueueMails, type NewMail } from "#server/infra/mail/index.ts";
import { compileTemplate } from "#server/features/email-templates/index.ts";
import { TEMPLATE_NOT_FOUND } from "#server/features/email-templates/index.ts";
import {
  listUnsubscribeHeaders,
  managePageUrl,
  manageToken,
  unsubscribePageUrl,
  unsubscribeSecret,
  unsubscribeToken,
} from "#server/features/waitlist/index.ts";

/**
 * Who gets the newsletter: waitlist entries not unsubscribed and with a confirmed address (double opt-in: an
 * unconfirmed one may be someone else's, typed by mistake). The daily plan counts its readers with the same rule.
 */
export const isNewsletterReader = and(isNull(waitlistEntries.unsubscribedAt), isNotNull(waitlistEntries.confirmedAt));

/** Recipients rendered before their mail is written to the queue. */
const RENDER_BATCH = 500;

export const SEND_NOT_FOUND = "Newsletter send not found";

export type NewsletterDeps = { db: Database; publicUrl: string; unsubscribeSecret: string | undefined };

const keyPrefix = (sendId: string) => `newsletter/${sendId}/`;

const sendDate = (now: Date) => now.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/**
 * Renders the newsletter template for every waitlist entry that has not unsubscribed (each with its own
 * unsubscribe link and RFC 8058 headers) and queues the mails in one transaction with the send's row. The
 * idempotency key `newsletter/<send id>/<entry id>` makes the same send id queue each person once, however
 * often the request arrives.
 */
export async function sendNewsletter(deps: NewsletterDeps, input: NewsletterSendInput, createdBy: string): Promise<NewsletterSendResult> {
  const { db, publicUrl } = deps;
  const [template] = await db.select().from(emailTemplates).where(eq(emailTemplates.id, input.templateId));
  if (!template) throw notFound(TEMPLATE_NOT_FOUND);
  if (template.type !== "newsletter")
    throw invalid(`Only a newsletter template can be sent to the waitlist (this one is ${template.type})`);
  const secret = await unsubscribeSecret(db, deps.unsubscribeSecret);
  const sendId = input.sendId ?? randomUUID();
  const date = sendDate(new Date());
  const render = await compileTemplate(template);

  return db.transaction(async (tx) => {
    const recipients = await tx
      .select({ id: waitlistEntries.id, email: waitlistEntries.email, name: waitlistEntries.name })
      .from(waitlistEntries)
      .where(isNewsletterReader)
      .orderBy(asc(waitlistEntries.position));
    const [existing] = await tx.select({ total: newsletterSends.total }).from(newsletterSends).where(eq(newsletterSends.id, sendId));
    if (!existing)
      await tx
        .insert(newsletterSends)
        .values({ id: sendId, templateId: template.id, templateName: template.name, total: recipients.length, createdBy });

    // Rendered and queued a batch at a time: memory stays flat however long the waitlist (the server runs
    // with a capped heap, decision 005).
    let queued = 0;
    let mails: NewMail[] = [];
    for (const recipient of recipients) {
      const token = unsubscribeToken(secret, recipient.id);
      const data = {
        ...(recipient.name ? { name: recipient.name } : {}),
        unsubscribeUrl: unsubscribePageUrl(publicUrl, token),
        manageUrl: managePageUrl(publicUrl, manageToken(secret, recipient.id)),
        date,
      };
      const rendered = await render(data);
      mails.push({
        to: recipient.email,
        subject: rendered.subject,
        html: rendered.html,
        text: rendered.text,
        headers: listUnsubscribeHeaders(publicUrl, token),
        idempotencyKey: `${keyPrefix(sendId)}${recipient.id}`,
        newsletterSendId: sendId,
      });
      if (mails.length === RENDER_BATCH) {
        queued += await enqueueMails(tx, mails);
        mails = [];
      }
    }
    queued += await enqueueMails(tx, mails);
    return { sendId, total: existing?.total ?? recipients.length, queued };
  });
}

/** The per-status counts of one send's mail (exported so bench:mail can EXPLAIN it on a real database). */
export const progressCountsQuery = (db: Database, sendId: string) =>
  db
    .select({ status: mailMessages.status, n: count() })
    .from(mailMessages)
    .where(eq(mailMessages.newsletterSendId, sendId))
    .groupBy(mailMessages.status);

/** How far a send got, counted from the mail table. */
export async function newsletterProgress(db: Database, sendId: string): Promise<NewsletterProgress> {
  const [send] = await db.select({ total: newsletterSends.total }).from(newsletterSends).where(eq(newsletterSends.id, sendId));
  if (!send) throw notFound(SEND_NOT_FOUND);
  const rows = await progressCountsQuery(db, sendId);
  const counts: Record<MailStatus, number> = { queued: 0, sending: 0, sent: 0, kept: 0, failed: 0 };
  for (const row of rows) counts[row.status] = row.n;
  return { sendId, total: send.total, ...counts, done: counts.queued === 0 && counts.sending === 0 };
}
