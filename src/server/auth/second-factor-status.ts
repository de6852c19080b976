import { and, eq, isNotNull } from "drizzle-orm";
import { SECOND_FACTOR_SETUP_REQUIRED } from "#common/second-factors/second-factors.ts";
import type { Config } from "#server/config.ts";
import type { DatabaseHandle, Executor } from "#server/db/client.ts";
import { passkeys, totpCredentials } from "#server/db/schema/index.ts";
import { forbidden } from "#server/infra/errors.ts";

/** Whether the account has confirmed two-factor codes (then a password alone does not sign it in). */
export async function hasTotp(db: Executor, userId: string): Promise<boolean> {
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
