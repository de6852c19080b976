// Constants and types only: the schemas are in auth-input.ts, which the public pages load on first submit
// (zod would not fit their JS budget at page load; see client/lib/lazy-schema.ts).

export const ROLES = ["member", "admin", "owner"] as const;
export type Role = (typeof ROLES)[number];
/** Roles that pass the admin gate; checked against this explicit allow-list, never "not member". */
export const ADMIN_ROLES: readonly Role[] = ["admin", "owner"];
export const isAdminRole = (role: string | null | undefined): boolean => ADMIN_ROLES.includes(role as Role);

/** Where someone lands after signing in when no callback path was given: the daily plan for admins, home for members. */
export const homePathOf = (role: Role): string => (isAdminRole(role) ? "/today" : "/");

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 256;
export const SIGNUP_AUTO_LOGIN_DELAY_MS = 2000;
export const RESET_LINK_VALID_MS = 60 * 60 * 1000;
/** An account's address confirmation link, mailed at signup and on request. */
export const EMAIL_VERIFICATION_VALID_MS = 24 * 60 * 60 * 1000;

/**
 * Where opening a confirmation link lands (GET /verify-email answers 303 there): the sign-in page, which reads the
 * flag from the URL and says what happened, signed in or not.
 */
export const EMAIL_VERIFIED_REDIRECT = "/login?verified=1";
export const EMAIL_VERIFY_INVALID_REDIRECT = "/login?verify=invalid";
export const EMAIL_VERIFIED_TEXT = "Your email address is confirmed. Thank you!";
export const EMAIL_VERIFY_INVALID_TEXT = "This confirmation link is invalid, used or expired.";

/**
 * The non-secret profile the client may keep; never the token. `emailVerified`: the owner opened a link mailed
 * to the address; until then nothing keyed by the email (a builder profile) is theirs.
 */
export type SessionUser = { id: string; email: string; name: string; role: Role; emailVerified: boolean };

/**
 * The new password's confirmation (sign-up, reset): its error, or undefined. Only forms have it; the server
 * checks it on their posts too, with the same words.
 */
export function passwordConfirmationError({
  password,
  confirmPassword,
}: {
  password: string;
  confirmPassword: string;
}): string | undefined {
  if (confirmPassword.length === 0) return "Please confirm your password";
  if (confirmPassword !== password) return "Passwords do not match";
  return undefined;
}
