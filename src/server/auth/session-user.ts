import type { SessionUser } from "#common/auth/accounts.ts";
import type { UserRow } from "#server/db/schema/index.ts";

/** The profile a sign-in answers (whichever way it was proven): never the password hash nor anything secret. */
export const toSessionUser = (row: Pick<UserRow, "id" | "email" | "name" | "role" | "emailVerifiedAt">): SessionUser => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  emailVerified: row.emailVerifiedAt !== null,
});
