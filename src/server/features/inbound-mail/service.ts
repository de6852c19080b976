import { createHash, randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, inArray, isNull, lt } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import {
  INBOUND_ATTACHMENT_PATH_PREFIX,
  INBOUND_PATH_PREFIX,
  RECEIVED_PREVIEW_LENGTH,
  type GenerateWebhookInput,
  type InboundMailList,
  type InboundProvider,
  isSignedProvider,
  type ReceivedEmailDetail,
} from "#common/inbound-mail/inbound-mail.ts";
import { generateToken, hashToken } from "#server/auth/tokens.ts";
import type { Database } from "#server/db/client.ts";
import { inboundDeliveries, inboundWebhooks, receivedEmailAttachments, receivedEmails } from "#server/db/schema/index.ts";
import { invalid, notFound } from "#server/infra/errors.ts";
import type { Logger } from "#server/infra/logger.ts";
import type { ObjectStorage } from "#server/infra/storage/index.ts";
import { keepAttachments } from "./attachments";
import type { ReceivedMessage } from "./message-parts";

/** How many received messages the page lists. */
const LIST_LIMIT = 100;

export const EMAIL_NOT_FOUND = "This received email does not exist";
export type ActiveWebhook = { id: string; provider: InboundProvider; signingSecret: string | null };

/**
 * Makes a new secret inbound address and revokes the previous one (the page has one active address).
 * The URL is returned once: only its token's hash is stored.
 */
export async function generateWebhook(db: Database, publicUrl: string, input: GenerateWebhookInput) {
  if (input.provider === "resend") assertSigningSecret(input.signingSecret!);
  const token = generateToken();
  const webhook = await db.transaction(async (tx) => {
    await tx.update(inboundWebhooks).set({ revokedAt: new Date() }).where(isNull(inboundWebhooks.revokedAt));
    const [row] = await tx
      .insert(inboundWebhooks)
      .values({
        tokenHash: hashToken(token),
        provider: input.provider,
        signingSecret: isSignedProvider(input.provider) ? input.signingSecret! : null,
      })
      .returning({ id: inboundWebhooks.id, createdAt: inboundWebhooks.createdAt });
    return row!;
  });
  return {
    id: webhook.id,
    provider: input.provider,
    createdAt: webhook.createdAt.toISOString(),
    url: `${publicUrl}${INBOUND_PATH_PREFIX}${token}`,
  };
}

export async function revokeWebhook(db: Database, id: string): Promise<void> {
  const revoked = await db
    .update(inboundWebhooks)
    .set({ revokedAt: new Date() })
    .where(and(eq(inboundWebhooks.id, id), isNull(inboundWebhooks.revokedAt)))
    .returning({ id: inboundWebhooks.id });
  if (revoked.length === 0) throw notFound("This webhook does not exist or is already revoked");
}

/** The address a token opens, or null when it is unknown or revoked. */
export async function findActiveWebhook(db: Database, token: string): Promise<ActiveWebhook | null> {
  const [row] = await db
    .select({ id: inboundWebhooks.id, provider: inboundWebhooks.provider, signingSecret: inboundWebhooks.signingSecret })
    .from(inboundWebhooks)
    .where(and(eq(inboundWebhooks.tokenHash, hashToken(token)), isNull(inboundWebhooks.revokedAt)));
  return row ? { ...row, provider: row.provider as InboundProvider } : null;
}

export type StoreDeps = { db: Database; storage: ObjectStorage; logger: Logger };

/**
 * How long the ids of stored deliveries are kept to refuse their replays: far longer than any signature
 * window (Resend's and Mailgun's are 5 minutes) and than providers keep retrying a failed delivery (Resend: 3 days).
 */
export const DELIVERY_ID_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
/** Ids longer than this (a sender chooses its Message-ID) are kept as their SHA-256, so the key stays small. */
const DELIVERY_ID_MAX_LENGTH = 200;

/** A delivery's identity: its provider and the provider's id for it (null when it carries none: stored each time). */
export type DeliveryKey = { provider: InboundProvider; id: string | null };

const storedId = (id: string): string =>
  id.length > DELIVERY_ID_MAX_LENGTH ? `sha256:${createHash("sha256").update(id).digest("hex")}` : id;

/** The id of the message a delivery with this key already stored, or null when it is new. */
export async function findStoredDelivery(db: Database, key: DeliveryKey): Promise<string | null> {
  if (!key.id) return null;
  const [row] = await db
    .select({ emailId: inboundDeliveries.emailId })
    .from(inboundDeliveries)
    .where(and(eq(inboundDeliveries.provider, key.provider), eq(inboundDeliveries.deliveryId, storedId(key.id))));
  return row?.emailId ?? null;
}

/** A replay of a delivery already stored: the transaction stored nothing. */
class AlreadyStored extends Error {}

/**
 * Keeps the attachments' bytes first, then writes the message and its attachment list in one transaction,
 * with the delivery's id: a delivery whose id is already there stores nothing and is answered with the id
 * of the message its first copy stored. Returns that id either way.
 */
export async function storeReceivedEmail(
  deps: StoreDeps,
  webhook: ActiveWebhook,
  message: ReceivedMessage,
  key: DeliveryKey = { provider: webhook.provider, id: null },
): Promise<string> {
  const emailId = randomUUID();
  const attachments = await keepAttachments(deps.storage, deps.logger, emailId, message.attachments);
  let storedEmailId: string = emailId;
  try {
    await deps.db.transaction(async (tx) => {
      if (key.id) {
        // The insert that decides: of two concurrent copies, the second waits for the first to commit, then inserts nothing.
        const claimed = await tx
          .insert(inboundDeliveries)
          .values({ provider: key.provider, deliveryId: storedId(key.id), emailId })
          .onConflictDoNothing()
          .returning({ emailId: inboundDeliveries.emailId });
        if (claimed.length === 0) throw new AlreadyStored();
      }
      await tx.insert(receivedEmails).values({
        id: emailId,
        webhookId: webhook.id,
        provider: webhook.provider,
        fromAddress: message.from,
        toAddress: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html,
        headers: message.headers,
      });
      if (attachments.length > 0)
        await tx.insert(receivedEmailAttachments).values(attachments.map((attachment) => ({ ...attachment, emailId })));
    });
  } catch (error) {
    // No row will ever point at these files: take them back out.
    await Promise.allSettled(
      attachments.flatMap((attachment) => (attachment.storageKey ? [deps.storage.delete(attachment.storageKey)] : [])),
    );
    if (!(error instanceof AlreadyStored)) throw error;
    storedEmailId = (await findStoredDelivery(deps.db, key)) ?? emailId;
  }
  if (key.id) await pruneDeliveryIds(deps.db);
  return storedEmailId;
}

/** Forgets the ids of deliveries older than the retention: one indexed delete, usually of nothing. */
export async function pruneDeliveryIds(db: Database, now = Date.now()): Promise<number> {
  const pruned = await db
    .delete(inboundDeliveries)
    .where(lt(inboundDeliveries.seenAt, new Date(now - DELIVERY_ID_RETENTION_MS)))
    .returning({ provider: inboundDeliveries.provider });
  return pruned.length;
}

/** The active address (without its URL, which was shown once) and the latest received mail, newest first. */
export async function listInboundMail(db: Database): Promise<InboundMailList> {
  const [webhook] = await db
    .select({ id: inboundWebhooks.id, provider: inboundWebhooks.provider, createdAt: inboundWebhooks.createdAt })
    .from(inboundWebhooks)
    .where(isNull(inboundWebhooks.revokedAt))
    .orderBy(desc(inboundWebhooks.createdAt), desc(inboundWebhooks.id))
    .limit(1);
  // The list needs neither the HTML nor the headers: they stay in the database until a message is opened.
  const emails = await db
    .select({
      id: receivedEmails.id,
      provider: receivedEmails.provider,
      fromAddress: receivedEmails.fromAddress,
      toAddress: receivedEmails.toAddress,
      subject: receivedEmails.subject,
      textBody: receivedEmails.textBody,
      receivedAt: receivedEmails.receivedAt,
    })
    .from(receivedEmails)
    .orderBy(desc(receivedEmails.receivedAt), desc(receivedEmails.id))
    .limit(LIST_LIMIT);
  const ids = emails.map((email) => email.id);
  const counts = ids.length
    ? await db
        .select({ emailId: receivedEmailAttachments.emailId, n: count() })
        .from(receivedEmailAttachments)
        .where(inArray(receivedEmailAttachments.emailId, ids))
        .groupBy(receivedEmailAttachments.emailId)
    : [];
  const attachmentCounts = new Map(counts.map((row) => [row.emailId, row.n]));
  return {
    webhook: webhook ? { id: webhook.id, provider: webhook.provider as InboundProvider, createdAt: webhook.createdAt.toISOString() } : null,
    emails: emails.map((email) => ({
      id: email.id,
      provider: email.provider as InboundProvider,
      from: email.fromAddress,
      to: email.toAddress,
      subject: email.subject,
      preview: previewOf(email.textBody),
      receivedAt: email.receivedAt.toISOString(),
      attachmentCount: attachmentCounts.get(email.id) ?? 0,
    })),
  };
}

/** One message for its view: text (the HTML is never sent to the page), headers and attachments. */
export async function receivedEmailDetail(db: Database, id: string): Promise<ReceivedEmailDetail> {
  const [email] = await db.select().from(receivedEmails).where(eq(receivedEmails.id, id));
  if (!email) throw notFound(EMAIL_NOT_FOUND);
  const attachments = await db
    .select()
    .from(receivedEmailAttachments)
    .where(eq(receivedEmailAttachments.emailId, id))
    .orderBy(asc(receivedEmailAttachments.position));
  return {
    id: email.id,
    provider: email.provider as InboundProvider,
    from: email.fromAddress,
    to: email.toAddress,
    subject: email.subject,
    receivedAt: email.receivedAt.toISOString(),
    attachmentCount: attachments.length,
    content: email.textBody,
    hasHtml: email.htmlBody !== null,
    headers: email.headers,
    attachments: attachments.map((attachment) => ({
      id: attachment.id,
      filename: attachment.filename,
      declaredType: attachment.declaredType,
      contentType: attachment.contentType,
      size: attachment.size,
      downloadUrl: attachment.storageKey ? `${INBOUND_ATTACHMENT_PATH_PREFIX}${attachment.id}` : null,
      note: attachment.note,
    })),
  };
}

/** An attachment whose bytes are kept, for its download; null when there is none. */
export async function findStoredAttachment(db: Database, id: string) {
  const [row] = await db
    .select({ filename: receivedEmailAttachments.filename, storageKey: receivedEmailAttachments.storageKey })
    .from(receivedEmailAttachments)
    .where(eq(receivedEmailAttachments.id, id));
  return row?.storageKey ? { filename: row.filename, storageKey: row.storageKey } : null;
}

export function previewOf(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > RECEIVED_PREVIEW_LENGTH ? `${flat.slice(0, RECEIVED_PREVIEW_LENGTH)}…` : flat;
}

/** A secret standardwebhooks cannot read would fail every delivery: refuse it when the address is made. */
function assertSigningSecret(secret: string): void {
  try {
    new Webhook(secret);
  } catch {
    throw invalid("This signing secret is not valid: copy it from Resend's webhook page (it starts with whsec_)");
  }
}
