import type { Role } from "#common/auth/accounts.ts";

/** The account page: every signed-in user's name, email, password, sessions, export and deletion. */
export const ACCOUNT_PATH = "/account";
/** The sessions list on it (the new-device mail links here). */
export const ACCOUNT_SESSIONS_PATH = `${ACCOUNT_PATH}#sessions`;

/** The link mailed to a new address, opened from the mail: GET, answers 303 to the account page with a flag. */
export const EMAIL_CHANGE_CONFIRM_PATH = "/account/confirm-email";
export const EMAIL_CHANGE_VALID_MS = 24 * 60 * 60 * 1000;
export const EMAIL_CHANGED_REDIRECT = `${ACCOUNT_PATH}?email=changed`;
export const EMAIL_CHANGE_INVALID_REDIRECT = `${ACCOUNT_PATH}?email=invalid`;
export const EMAIL_CHANGED_TEXT = "Your email address is changed. Sign in with the new one from now on.";
export const EMAIL_CHANGE_INVALID_TEXT = "This email change link is invalid, used or expired. Ask for a new one below.";

export const USERS_PAGE_SIZE = 25;

/** One of the account's sessions. `id` is the SHA-256 of its token (what ends it), never the token. */
export type AccountSession = {
  id: string;
  /** The session this page was asked from ("this device"). */
  current: boolean;
  /** "macOS computer", "Android phone", from the browser's User-Agent at sign-in. */
  device: string;
  browser: string;
  /** "Lyon, Auvergne-Rhône-Alpes, FR", from the address at sign-in; null when unknown. */
  place: string | null;
  lastSeenAt: string;
  createdAt: string;
};

/** A row of the users admin. */
export type AdminUserRow = {
  id: string;
  name: string;
  email: string;
  role: Role;
  emailVerified: boolean;
  disabled: boolean;
  lastSignInAt: string | null;
  createdAt: string;
  /** Confirmed two-factor codes (an authenticator app). */
  twoFactorCodes: boolean;
  /** How many passkeys the account has. */
  passkeys: number;
};
export type AdminUserList = { users: AdminUserRow[]; total: number; page: number; pageSize: number };
