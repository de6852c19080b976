import { and, desc, eq, isNull } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import {
  INBOUND_PATH_PREFIX,
  RECEIVED_PREVIEW_LENGTH,
  type GenerateWebhookInput,
  type InboundMailList,
  type InboundProvider,
  isSignedProvider,
} from "../../../common/inbound-mail";
import { generateToken, hashToken } from "../../auth/tokens";
import type { Database } from "../../db/client";
import { inboundWebhooks, receivedEmails } from "../../db/schema";
import { invalid, notFound } from "../../infra/errors";

/** How many received messages the page lists. */
const LIST_LIMIT = 100;

export type ReceivedMessage = { from: string; to: string; subject: string; text: string; html: string | null };
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
      .values({ tokenHash: hashToken(token), provider: input.provider, signingSecret: isSignedProvider(input.provider) ? input.signingSecret! : null })
      .returning({ id: inboundWebhooks.id, createdAt: inboundWebhooks.createdAt });
    return row!;
  });
  return { id: webhook.id, provider: input.provider, createdAt: webhook.createdAt.toISOString(), url: `${publicUrl}${INBOUND_PATH_PREFIX}${token}` };
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

export async function storeReceivedEmail(db: Database, webhook: ActiveWebhook, message: ReceivedMessage): Promise<string> {
  const [row] = await db
    .insert(receivedEmails)
    .values({
      webhookId: webhook.id,
      provider: webhook.provider,
      fromAddress: message.from,
      toAddress: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html,
    })
    .returning({ id: receivedEmails.id });
  return row!.id;
}

/** The active address (without its URL, which was shown once) and the latest received mail, newest first. */
export async function listInboundMail(db: Database): Promise<InboundMailList> {
  const [webhook] = await db
    .select({ id: inboundWebhooks.id, provider: inboundWebhooks.provider, createdAt: inboundWebhooks.createdAt })
    .from(inboundWebhooks)
    .where(isNull(inboundWebhooks.revokedAt))
    .orderBy(desc(inboundWebhooks.createdAt))
    .limit(1);
  const emails = await db.select().from(receivedEmails).orderBy(desc(receivedEmails.receivedAt), desc(receivedEmails.id)).limit(LIST_LIMIT);
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
    })),
  };
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
