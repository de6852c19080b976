import { and, eq, isNotNull, sql, type SQL } from "drizzle-orm";
import { SECOND_FACTOR_SETUP_REQUIRED } from "#common/second-factors/second-factors.ts";
import type { Config } from "#server/config.ts";
import type { DatabaseHandle, Executor } from "#server/db/client.ts";
import { loginChallenges, passkeys, recoveryCodes, totpCredentials } from "#server/db/schema/index.ts";
import { forbidden } from "#server/infra/errors.ts";

/** Whether the account has confirmed two-factor codes (then a password alone does not sign it in). */
async function hasTotp(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: totpCredentials.userId })
    .from(totpCredentials)
    .where(and(eq(totpCredentials.userId, userId), isNotNull(totpCredentials.confirmedAt)));
  return Boolean(row);
}

/** Whether the account has a second factor of either kind: a passkey or confirmed two-factor codes (ADMIN_2FA). */
export async function hasSecondFactor(db: Executor, userId: string): Promise<boolean> {
  if (await hasTotp(db, userId)) return true;
  const [row] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1);
  return Boolean(row);
}

/**
 * ADMIN_2FA=required: the admin gate also asks for a second factor, on tRPC and REST alike. The account's own
 * procedures (adding a passkey or codes) are member procedures, so enrolment stays reachable.
 */
export async function requireAdminSecondFactor(deps: { config: Config; database: DatabaseHandle }, userId: string): Promise<void> {
  if (deps.config.admin2fa !== "required") return;
  if (!(await hasSecondFactor(deps.database.db, userId))) throw forbidden(SECOND_FACTOR_SETUP_REQUIRED);
}

/**
 * Per account row of a `users` query: whether it has confirmed two-factor codes, and how many passkeys. The
 * columns are spelled with their tables: in a one-table select, drizzle leaves `${users.id}` unqualified, and the
 * subquery would then compare its own `user_id` with its own `id`.
 */
export const secondFactorColumns: { twoFactorCodes: SQL<boolean>; passkeys: SQL<number> } = {
  twoFactorCodes: sql<boolean>`exists (select 1 from "totp_credentials" t where t."user_id" = "users"."id" and t."confirmed_at" is not null)`,
  passkeys: sql<number>`(select count(*)::int from "passkeys" p where p."user_id" = "users"."id")`,
};

/**
 * Removes every second factor of an account (codes, their recovery codes, passkeys, and sign-ins waiting for a
 * code), for a person who lost their authenticator: their password alone signs them in again, and they enrol anew.
 * Sessions already signed in stay: they were signed in with a factor that was valid then.
 */
export async function removeSecondFactors(db: Executor, userId: string): Promise<void> {
  await db.delete(totpCredentials).where(eq(totpCredentials.userId, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.delete(passkeys).where(eq(passkeys.userId, userId));
  await db.delete(loginChallenges).where(eq(loginChallenges.userId, userId));
}
