// Constants and types only: the schemas are in auth-input.ts, which the public pages load on first submit
// (zod would not fit their JS budget at page load; see client/lib/lazy-schema.ts).

export const ROLES = ["member", "admin", "owner"] as const;
export type Role = (typeof ROLES)[number];
/** Roles that pass the admin gate; checked against this explicit allow-list, never "not member". */
export const ADMIN_ROLES: readonly Role[] = ["admin", "owner"];
export const isAdminRole = (role: string | null | undefined): boolean =>
  ADMIN_ROLES.includes(role as Role);

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 256;
export const SIGNUP_AUTO_LOGIN_DELAY_MS = 2000;
export const RESET_LINK_VALID_MS = 60 * 60 * 1000;

/** The non-secret profile the client may keep; never the token. */
export type SessionUser = { id: string; email: string; name: string; role: Role };
