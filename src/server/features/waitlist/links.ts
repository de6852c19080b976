import { createHmac, timingSafeEqual } from "node:crypto";
import { WAITLIST_CONFIRM_DAYS } from "#common/waitlist/waitlist.ts";
import { isUuid } from "#server/infra/http.ts";

/*
 * The signed links of waitlist mail besides unsubscribe: confirm (`/waitlist/confirm?token=`, valid 7 days) and
 * "Manage your data" (`/waitlist/me?token=`, no expiry, like unsubscribe: a mail from last year must still let
 * the person erase themselves). Each is signed with the site's unsubscribe secret over a purpose prefix, so a
 * token of one kind is never accepted as another. Tokens ride in the query as `token`, a name the request
 * logger redacts (infra/redact-url.ts).
 */

const DAY_SECONDS = 24 * 60 * 60;
export const CONFIRM_TOKEN_TTL_SECONDS = WAITLIST_CONFIRM_DAYS * DAY_SECONDS;

const sign = (secret: string, payload: string) => createHmac("sha256", secret).update(payload).digest("base64url");

const sameSignature = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** `<entry id>.<expiry, unix seconds>.<HMAC of "waitlist-confirm:<id>:<expiry>">` */
export function confirmToken(secret: string, entryId: string, now = new Date()): string {
  const expires = Math.floor(now.getTime() / 1000) + CONFIRM_TOKEN_TTL_SECONDS;
  return `${entryId}.${expires}.${sign(secret, `waitlist-confirm:${entryId}:${expires}`)}`;
}

export type ConfirmTokenCheck = { ok: true; entryId: string } | { ok: false; reason: "invalid" | "expired" };

/** A forged or mangled token is invalid; a genuine one past its expiry is expired (the signature is checked first). */
export function checkConfirmToken(secret: string, token: string, now = new Date()): ConfirmTokenCheck {
  const [entryId = "", expires = "", signature = "", extra] = token.trim().split(".");
  if (extra !== undefined || !isUuid(entryId) || !/^\d{1,12}$/.test(expires)) return { ok: false, reason: "invalid" };
  if (!sameSignature(signature, sign(secret, `waitlist-confirm:${entryId}:${expires}`))) return { ok: false, reason: "invalid" };
  if (Number(expires) * 1000 < now.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, entryId };
}

/** `m.<entry id>.<HMAC of "waitlist-manage:<id>">`: the "m." keeps it apart from an unsubscribe token's shape. */
export const manageToken = (secret: string, entryId: string): string => `m.${entryId}.${sign(secret, `waitlist-manage:${entryId}`)}`;

/** The entry a manage token was signed for, or null for anything else. */
export function entryIdOfManageToken(secret: string, token: string): string | null {
  const [kind, entryId = "", signature = "", extra] = token.trim().split(".");
  if (kind !== "m" || extra !== undefined || !isUuid(entryId)) return null;
  return sameSignature(signature, sign(secret, `waitlist-manage:${entryId}`)) ? entryId : null;
}

export const confirmPageUrl = (publicUrl: string, token: string) => `${publicUrl}/waitlist/confirm?token=${encodeURIComponent(token)}`;
export const managePageUrl = (publicUrl: string, token: string) => `${publicUrl}/waitlist/me?token=${encodeURIComponent(token)}`;
