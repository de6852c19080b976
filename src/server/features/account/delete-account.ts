import { eq } from "drizzle-orm";
import type { AccountDeleteInput } from "#common/account/input.ts";
import { LAST_OWNER, lockedActiveOwnerCount } from "#server/auth/owners.ts";
import type { Executor } from "#server/db/client.ts";
import { users } from "#server/db/schema/index.ts";
import { toSessionUser } from "#server/auth/session-user.ts";
import { deleteBuilderProfile } from "#server/features/builders/index.ts";
import { deleteImagesOf } from "#server/features/images/index.ts";
import { confirmWithPasskey, relyingPartyOf } from "#server/features/second-factors/index.ts";
import { conflict } from "#server/infra/errors.ts";
import type { ObjectStorage } from "#server/infra/storage/index.ts";
import { accountWithPassword, provenAccount, type AccountDeps } from "./profile";

/**
 * Erases the account, proven by its password or one of its passkeys: its images' and builder avatar's stored files first (a storage outage leaves the account
 * whole, and asking again finishes), then the row, whose deletion takes its sessions, experiments with their
 * updates, image records, checklist ticks, ratings and reads with it (their foreign keys cascade). The builder
 * profile is keyed by address, not by account, so it goes on its own, with its avatar file. The last owner
 * cannot go: the site would be left without one.
 */
export async function deleteAccount(
  ctx: AccountDeps & { storage: ObjectStorage; publicUrl: string },
  userId: string,
  input: AccountDeleteInput,
): Promise<{ ok: true }> {
  const row =
    "password" in input
      ? await accountWithPassword(ctx, userId, input.password)
      : await provenAccount(ctx, userId, () => confirmWithPasskey(ctx.db, relyingPartyOf(ctx.publicUrl), userId, input.passkey));
  const isLastOwner = async (db: Executor) => row.role === "owner" && (await lockedActiveOwnerCount(db)) <= 1;
  // Checked before any file goes, and again under the lock with the deletion itself.
  if (await isLastOwner(ctx.db)) throw conflict(LAST_OWNER);
  await deleteImagesOf(ctx, { ownerId: row.id });
  await deleteBuilderProfile(ctx, toSessionUser(row));
  await ctx.db.transaction(async (tx) => {
    if (await isLastOwner(tx)) throw conflict(LAST_OWNER);
    await tx.delete(users).where(eq(users.id, row.id));
  });
  return { ok: true };
}
