// The account forms' zod/mini schemas, shared by the server (which enforces them) and the client (which
// loads them on first submit through client/lib/lazy-schema.ts, to show each field's error at once).
import * as z from "zod/mini";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./accounts";
import { safeText, type TextKind } from "#common/forms/text-input.ts";

/** Emails are compared and stored trimmed and lower-cased. */
export const emailField = z.pipe(
  safeText("Email address", "Email address is required").check(
    z.trim(),
    z.minLength(1, "Email address is required"),
    z.maxLength(254, "Email address is too long"),
    z.toLowerCase(),
  ),
  z.email("Please enter a valid email address"),
);

/** A trimmed text that must be present: `requiredText("Full name", 100, "name")`. */
export const requiredText = (label: string, max: number, kind: TextKind = "text") =>
  safeText(label, `${label} is required`, kind).check(
    z.trim(),
    z.minLength(1, `${label} is required`),
    z.maxLength(max, `${label} must be at most ${max} characters`),
  );

/** A trimmed optional text; empty becomes undefined. */
export const optionalText = (label: string, max: number) =>
  z.pipe(
    z.optional(z.nullable(safeText(label).check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters`)))),
    z.transform((value) => (value ? value : undefined)),
  );

export const passwordField = safeText("Password", "Password is required").check(
  z.minLength(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`),
  z.maxLength(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
);

export const loginInput = z.object({
  email: emailField,
  password: safeText("Password", "Password is required").check(z.minLength(1, "Password is required"), z.maxLength(PASSWORD_MAX_LENGTH)),
});
export type LoginInput = z.infer<typeof loginInput>;

export const signupInput = z.object({
  name: requiredText("Full name", 100, "name"),
  email: emailField,
  password: passwordField,
});
export type SignupInput = z.infer<typeof signupInput>;

export const passwordResetRequestInput = z.object({ email: emailField });
export type PasswordResetRequestInput = z.infer<typeof passwordResetRequestInput>;

export const passwordResetConfirmInput = z.object({
  token: safeText("Reset token", "Reset token is required").check(z.minLength(1, "Reset token is required"), z.maxLength(200)),
  password: passwordField,
});
export type PasswordResetConfirmInput = z.infer<typeof passwordResetConfirmInput>;
