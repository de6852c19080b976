import { asc, count, desc, eq, ilike, or, sql } from "drizzle-orm";
import type { AdminUserList, AdminUserRow } from "#common/account/account.ts";
import type { UserDisableInput, UserResetSecondFactorInput, UserSetRoleInput, UsersListQuery } from "#common/account/input.ts";
import type { Role } from "#common/auth/accounts.ts";
import { LAST_OWNER, lockedActiveOwnerCount } from "#server/auth/owners.ts";
import { removeSecondFactors, secondFactorColumns } from "#server/auth/second-factor-status.ts";
import { invalidateUserSessions } from "#server/auth/sessions.ts";
import type { Database, Executor } from "#server/db/client.ts";
import { users, type UserRow } from "#server/db/schema/index.ts";
import { conflict, forbidden, notFound } from "#server/infra/errors.ts";

export const USER_NOT_FOUND = "User not found";
export const OWNERS_ONLY = "Only an owner can change roles.";
export const OWNERS_ONLY_RESET = "Only an owner can reset a second factor.";
export const NOT_YOURSELF = "You cannot disable your own account.";
export const OWNER_TO_DISABLE_ADMINS = "Only an owner can disable an admin or an owner.";

/** Who acts in the users admin. */
export type UsersActor = { id: string; role: Role };

type SecondFactors = { twoFactorCodes: boolean; passkeys: number };

const toRow = (row: UserRow, factors: SecondFactors): AdminUserRow => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
  emailVerified: row.emailVerifiedAt !== null,
  disabled: row.disabledAt !== null,
  lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  twoFactorCodes: factors.twoFactorCodes,
  passkeys: factors.passkeys,
});

/** One account with its second factors, as the users admin shows it. */
async function adminRowOf(db: Executor, id: string): Promise<AdminUserRow> {
  const [row] = await db
    .select({ user: users, ...secondFactorColumns })
    .from(users)
    .where(eq(users.id, id));
  if (!row) throw notFound(USER_NOT_FOUND);
  return toRow(row.user, row);
}

/** `%`, `_` and `\` typed in a search are looked for as themselves, not as patterns. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** One page of the accounts, newest first, matching the search in their name or email. */
export async function listUsers(db: Database, input: UsersListQuery): Promise<AdminUserList> {
  const pattern = input.search ? `%${escapeLike(input.search)}%` : null;
  const where = pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined;
  const rows = await db
    .select({ user: users, ...secondFactorColumns })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), asc(users.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  const [total] = await db.select({ n: count() }).from(users).where(where);
  return { users: rows.map((row) => toRow(row.user, row)), total: total?.n ?? 0, page: input.page, pageSize: input.pageSize };
}

/**
 * Changes an account's role; owners only (admins may not make admins). The last owner that can sign in keeps the
 * role, checked under the owners' lock so two demotions at once cannot both pass.
 */
export async function setUserRole(db: Database, actor: UsersActor, input: UserSetRoleInput): Promise<{ user: AdminUserRow }> {
  if (actor.role !== "owner") throw forbidden(OWNERS_ONLY);
  const row = await db.transaction(async (tx) => {
    const owners = await lockedActiveOwnerCount(tx);
    const [target] = await tx.select().from(users).where(eq(users.id, input.id));
    if (!target) throw notFound(USER_NOT_FOUND);
    if (target.role === "owner" && input.role !== "owner" && target.disabledAt === null && owners <= 1) throw conflict(LAST_OWNER);
    await tx.update(users).set({ role: input.role }).where(eq(users.id, input.id));
    return adminRowOf(tx, input.id);
  });
  return { user: row };
}

/**
 * Disables an account (it cannot sign in, and every session it has ends at once: sessions are read from the
 * database on each request) or enables it again. Admins may disable members; only an owner may disable an admin
 * or an owner; nobody disables themselves. So an owner is only ever disabled by another owner who can still sign
 * in: the site always keeps one.
 */
export async function setUserDisabled(
  db: Database,
  actor: UsersActor,
  input: UserDisableInput,
): Promise<{ user: AdminUserRow; endedSessions: number }> {
  if (input.disabled && input.id === actor.id) throw forbidden(NOT_YOURSELF);
  return db.transaction(async (tx) => {
    const [target] = await tx.select().from(users).where(eq(users.id, input.id));
    if (!target) throw notFound(USER_NOT_FOUND);
    if (target.role !== "member" && actor.role !== "owner") throw forbidden(OWNER_TO_DISABLE_ADMINS);
    await tx
      .update(users)
      .set({ disabledAt: input.disabled ? sql`coalesce(${users.disabledAt}, now())` : null })
      .where(eq(users.id, input.id));
    const endedSessions = input.disabled ? await invalidateUserSessions(tx, input.id) : 0;
    return { user: await adminRowOf(tx, input.id), endedSessions };
  });
}

/** Owners reset an account's second factors (a lost phone): see `removeSecondFactors` for what goes and stays. */
export async function resetUserSecondFactor(
  db: Database,
  actor: UsersActor,
  input: UserResetSecondFactorInput,
): Promise<{ user: AdminUserRow }> {
  if (actor.role !== "owner") throw forbidden(OWNERS_ONLY_RESET);
  return db.transaction(async (tx) => {
    await adminRowOf(tx, input.id);
    await removeSecondFactors(tx, input.id);
    return { user: await adminRowOf(tx, input.id) };
  });
}
