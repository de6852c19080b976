import { createHmac, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { isUuid } from "#server/infra/http.ts";
import { invalid } from "#server/infra/errors.ts";
import { waitlistEntries } from "#server/db/schema/index.ts";
import { storedSiteSecret } from "#server/infra/site-secret.ts";

/*
 * Unsubscribe links: `<entry id>.<HMAC-SHA256 of the id>`, so a link names one waitlist entry and cannot be
 * forged for another. No expiry: a link in a mail from last year must still work.
 */

export const INVALID_UNSUBSCRIBE_LINK = "This unsubscribe link is not valid. Use the full link from the email.";

/** Where the secret lives when UNSUBSCRIBE_SECRET is not set: in the database every instance shares. */
const STORED_SECRET_KEY = "unsubscribe_secret";

/**
 * UNSUBSCRIBE_SECRET, or a random secret written once to site_settings (the first instance to write wins, so
 * every instance on one database signs alike and links survive restarts).
 */
export function unsubscribeSecret(db: Database, configured: string | undefined): Promise<string> {
  if (configured) return Promise.resolve(configured);
  return storedSiteSecret(db, STORED_SECRET_KEY);
}

const signatureOf = (secret: string, entryId: string) => createHmac("sha256", secret).update(entryId).digest("base64url");

export const unsubscribeToken = (secret: string, entryId: string): string => `${entryId}.${signatureOf(secret, entryId)}`;

/** The entry id a token was signed for, or null for anything else. */
export function entryIdOfToken(secret: string, token: string): string | null {
  const [entryId = "", signature = "", extra] = token.trim().split(".");
  if (extra !== undefined || !isUuid(entryId)) return null;
  const expected = Buffer.from(signatureOf(secret, entryId));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? entryId : null;
}

/** The page that asks the person to confirm, for the mail's visible link. */
export const unsubscribePageUrl = (publicUrl: string, token: string) => `${publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`;

/** RFC 8058: a mail client's one-click POST to the List-Unsubscribe URL unsubscribes at once, without a page. */
export const listUnsubscribeHeaders = (publicUrl: string, token: string): Record<string, string> => ({
  "List-Unsubscribe": `<${publicUrl}/api/waitlist/unsubscribe?token=${encodeURIComponent(token)}>`,
  "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
});

/** The unsubscribe of a mailed link (the page's button, its form post, a mail client's one-click POST). */
export async function unsubscribeByLink(
  deps: { db: Database; configuredSecret: string | undefined },
  token: string,
): Promise<{ unsubscribed: true }> {
  return unsubscribe(deps.db, await unsubscribeSecret(deps.db, deps.configuredSecret), token);
}

/**
 * Marks the token's entry unsubscribed (the first time counts; doing it again changes nothing). An entry
 * deleted since the mail went out is unsubscribed too, in effect: nothing will be mailed to it.
 */
export async function unsubscribe(db: Database, secret: string, token: string): Promise<{ unsubscribed: true }> {
  const entryId = entryIdOfToken(secret, token);
  if (!entryId) throw invalid(INVALID_UNSUBSCRIBE_LINK);
  await db
    .update(waitlistEntries)
    .set({ unsubscribedAt: sql`coalesce(${waitlistEntries.unsubscribedAt}, now())` })
    .where(eq(waitlistEntries.id, entryId));
  return { unsubscribed: true };
}
