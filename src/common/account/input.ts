// The zod/mini schemas of the account page and the users admin: the account.* and users.* procedures parse with
// them, and the forms check with them first.
import * as z from "zod/mini";
import { ROLES } from "#common/auth/accounts.ts";
import { emailField, passwordField, requiredText } from "#common/auth/input.ts";
import { queryWholeNumber } from "#common/forms/query-number.ts";
import { safeText } from "#common/forms/text-input.ts";
import { webauthnResponse } from "#common/second-factors/input.ts";
import { USERS_PAGE_SIZE } from "./account";

/** The password an account proves itself with again before a change that matters (not checked for length: it exists). */
const currentPassword = safeText("Current password", "Current password is required").check(
  z.minLength(1, "Current password is required"),
  z.maxLength(256),
);

export const accountRenameInput = z.object({ name: requiredText("Full name", 100, "name") });
export type AccountRenameInput = z.infer<typeof accountRenameInput>;

/** A session as the account page shows it: the SHA-256 of its token, never the token. */
export const sessionIdInput = z.object({
  id: z.string({ error: "Session id is required" }).check(z.regex(/^[0-9a-f]{64}$/, "Session id is not valid")),
});
export type SessionIdInput = z.infer<typeof sessionIdInput>;

export const passwordChangeInput = z.object({ currentPassword, newPassword: passwordField });
export type PasswordChangeInput = z.infer<typeof passwordChangeInput>;

export const emailChangeInput = z.object({ email: emailField, currentPassword });
export type EmailChangeInput = z.infer<typeof emailChangeInput>;

export const accountDeletePasswordInput = z.object({ password: currentPassword });
/**
 * Deletion is proven by the current password or by a passkey of the account, signed over a challenge the server
 * handed out to this account (account.deletePasskeyOptions).
 */
export const accountDeleteInput = z.union([accountDeletePasswordInput, z.object({ passkey: webauthnResponse })], {
  error: "Enter your current password or confirm with a passkey",
});
export type AccountDeleteInput = z.infer<typeof accountDeleteInput>;

export const usersListInput = z.object({
  search: z.optional(safeText("Search").check(z.trim(), z.maxLength(254, "Search must be at most 254 characters"))),
  page: queryWholeNumber("Page", 1, 10_000, 1),
  pageSize: queryWholeNumber("Page size", 1, 100, USERS_PAGE_SIZE),
});
export type UsersListInput = z.input<typeof usersListInput>;
export type UsersListQuery = z.output<typeof usersListInput>;

const userId = z.uuid("User id is not valid");

export const userSetRoleInput = z.object({ id: userId, role: z.enum(ROLES, "Role must be member, admin or owner") });
export type UserSetRoleInput = z.infer<typeof userSetRoleInput>;

export const userDisableInput = z.object({ id: userId, disabled: z.boolean("Say whether the account is disabled") });
export type UserDisableInput = z.infer<typeof userDisableInput>;
export const userResetSecondFactorInput = z.object({ id: userId });
export type UserResetSecondFactorInput = z.infer<typeof userResetSecondFactorInput>;
