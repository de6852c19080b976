import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { INBOUND_PROVIDERS } from "#common/inbound-mail/inbound-mail.ts";
import { createdAt, id } from "./columns";

const providerCheck = sql.raw(`provider in (${INBOUND_PROVIDERS.map((name) => `'${name}'`).join(", ")})`);

/** Secret inbound addresses: only the SHA-256 of the URL's token is kept, like session tokens. */
export const inboundWebhooks = pgTable(
  "inbound_webhooks",
  {
    id: id(),
    tokenHash: text("token_hash").notNull(),
    provider: text("provider").notNull(),
    /** Resend's or Mailgun's signing secret: needed as-is to verify each delivery, so it cannot be hashed. */
    signingSecret: text("signing_secret"),
    createdAt: createdAt(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [uniqueIndex("inbound_webhooks_token_hash").on(table.tokenHash), check("inbound_webhooks_provider", providerCheck)],
);

/** Mail received through an inbound webhook. The HTML is kept as data and never rendered. */
export const receivedEmails = pgTable(
  "received_emails",
  {
    id: id(),
    webhookId: uuid("webhook_id")
      .notNull()
      .references(() => inboundWebhooks.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    fromAddress: text("from_address").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    /** The message's headers, lowercase name -> value (repeated ones joined by newlines), bounded in count and size. */
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("received_emails_received_at").on(table.receivedAt), check("received_emails_provider", providerCheck)],
);

/**
 * What a received message carried as attachments: always the name, declared type and size; the bytes in
 * object storage (`storageKey`) when within the limits, else `note` says why they were not kept.
 */
export const receivedEmailAttachments = pgTable(
  "received_email_attachments",
  {
    id: id(),
    emailId: uuid("email_id")
      .notNull()
      .references(() => receivedEmails.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    filename: text("filename").notNull(),
    declaredType: text("declared_type").notNull(),
    /** Sniffed from the bytes (application/octet-stream when unknown or not kept). */
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    storageKey: text("storage_key"),
    note: text("note"),
    createdAt: createdAt(),
  },
  (table) => [index("received_email_attachments_email").on(table.emailId, table.position)],
);

/**
 * The deliveries already stored, by the provider's own id for one delivery (Resend's `webhook-id`, Mailgun's
 * signed token, the Message-ID of raw MIME and SendGrid mail): a provider's retry or a captured request sent
 * again finds its id here and stores nothing. Inserted in the same transaction as the message it stored, so
 * of two concurrent copies one stores. Kept a week (far past every signature window), then pruned by `seen_at`.
 * `email_id` is the id the first delivery was answered with, given again to each replay; it is not a foreign
 * key, so deleting that message does not make a replay store it again.
 */
export const inboundDeliveries = pgTable(
  "inbound_deliveries",
  {
    provider: text("provider").notNull(),
    deliveryId: text("delivery_id").notNull(),
    emailId: uuid("email_id").notNull(),
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: "inbound_deliveries_pkey", columns: [table.provider, table.deliveryId] }),
    index("inbound_deliveries_seen_at").on(table.seenAt),
    check("inbound_deliveries_provider", providerCheck),
  ],
);
