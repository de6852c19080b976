// zod/mini: the same validation as classic zod, tree-shakable, so the schemas cost the public bundle ~5 KB.
import * as z from "zod/mini";

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

/** Emails are compared and stored trimmed and lower-cased. */
export const emailField = z.pipe(
  z
    .string({ error: "Email address is required" })
    .check(z.trim(), z.minLength(1, "Email address is required"), z.maxLength(254, "Email address is too long"), z.toLowerCase()),
  z.email("Please enter a valid email address"),
);

/** A trimmed text that must be present: `requiredText("Full name", 100)`. */
export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .check(z.trim(), z.minLength(1, `${label} is required`), z.maxLength(max, `${label} must be at most ${max} characters`));

/** A trimmed optional text; empty becomes undefined. */
export const optionalText = (label: string, max: number) =>
  z.pipe(
    z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters`)))),
    z.transform((value) => (value ? value : undefined)),
  );

const passwordField = z
  .string({ error: "Password is required" })
  .check(
    z.minLength(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`),
    z.maxLength(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  );

export const loginInput = z.object({
  email: emailField,
  password: z.string({ error: "Password is required" }).check(z.minLength(1, "Password is required"), z.maxLength(PASSWORD_MAX_LENGTH)),
});
export type LoginInput = z.infer<typeof loginInput>;

export const signupInput = z.object({
  name: requiredText("Full name", 100),
  email: emailField,
  password: passwordField,
});
export type SignupInput = z.infer<typeof signupInput>;

export const passwordResetRequestInput = z.object({ email: emailField });
export type PasswordResetRequestInput = z.infer<typeof passwordResetRequestInput>;

export const passwordResetConfirmInput = z.object({
  token: z.string({ error: "Reset token is required" }).check(z.minLength(1, "Reset token is required"), z.maxLength(200)),
  password: passwordField,
});
export type PasswordResetConfirmInput = z.infer<typeof passwordResetConfirmInput>;

/** The non-secret profile the client may keep; never the token. */
export type SessionUser = { id: string; email: string; name: string; role: Role };
