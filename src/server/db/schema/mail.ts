import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { MAIL_STATUSES } from "#common/mail/mail.ts";
import { createdAt, id } from "./columns";
import { newsletterSends } from "./newsletter";

export const mailStatus = pgEnum("mail_status", MAIL_STATUSES);

/**
 * The mail queue (docs/decisions/011-mail-queue.md): every message, written in the transaction of what caused
 * it, and what the provider answered. Workers claim due rows with FOR UPDATE SKIP LOCKED.
 */
export const mailMessages = pgTable(
  "mail_messages",
  {
    id: id(),
    status: mailStatus("status").notNull().default("queued"),
    /** Null: the site's sender (MAIL_FROM) at delivery time. */
    fromAddress: text("from_address"),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    /** Extra headers (List-Unsubscribe...), name -> value. */
    headers: jsonb("headers").$type<Record<string, string>>(),
    /** A caller's key so that enqueueing twice writes one message. */
    idempotencyKey: text("idempotency_key"),
    /** The newsletter send this message belongs to, so its progress is counted through an index. */
    newsletterSendId: uuid("newsletter_send_id").references(() => newsletterSends.id, { onDelete: "set null" }),
    /** Attempts started, counted at claim time (so a message that crashes its worker cannot loop forever). */
    attempts: integer("attempts").notNull().default(0),
    /**
     * When a worker may take the message: for `queued`, its next attempt; for `sending`, when the claim
     * expires (a worker that died mid-send leaves it to be retried). One column, so one index finds both.
     */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** The provider's reason for the last failure. */
    lastError: text("last_error"),
    /** The driver that took the message (outbox, smtp, resend, sendgrid, mailgun), and its id for it. */
    provider: text("provider"),
    providerMessageId: text("provider_message_id"),
    createdAt: createdAt(),
    /** When the provider accepted it (or the outbox kept it). */
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("mail_messages_created_at_idx").on(t.createdAt),
    uniqueIndex("mail_messages_idempotency_key_idx").on(t.idempotencyKey),
    // With the status, a send's progress (counts per status) is read from the index alone.
    index("mail_messages_newsletter_send_idx")
      .on(t.newsletterSendId, t.status)
      .where(sql`${t.newsletterSendId} is not null`),
    index("mail_messages_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('queued', 'sending')`),
  ],
);

export type MailMessageRow = typeof mailMessages.$inferSelect;
