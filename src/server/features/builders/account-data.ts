import { and, eq, ne } from "drizzle-orm";
import { BUILDER_AVATAR_URL } from "#common/builders/builders.ts";
import type { Database, Executor } from "#server/db/client.ts";
import { builders } from "#server/db/schema/index.ts";
import { isoOrNull as iso } from "#server/infra/iso-date.ts";
import type { ObjectStorage } from "#server/infra/storage/index.ts";
import { builderAvatarKey } from "./avatar-service";
import { ownsAddress, type BuilderViewer } from "./service";

/**
 * The account's builder profile: the directory entry under the account's address, and only once the account has
 * proven it (before that the address is only a claim, and the profile may be someone else's), as edits are.
 */
async function profileOf(db: Executor, account: BuilderViewer) {
  if (account === null) return undefined;
  const [row] = await db.select().from(builders).where(eq(builders.email, account.email));
  return row && ownsAddress(account, row.email) ? row : undefined;
}

/** The account's builder profile with every field as stored (dates as ISO strings), or null when it has none. */
export async function exportBuilderProfile(db: Database, account: BuilderViewer) {
  const row = await profileOf(db, account);
  if (!row) return null;
  const { joinedAt, emailConfirmedAt, createdAt, updatedAt, ...fields } = row;
  return {
    ...fields,
    joinedAt: iso(joinedAt),
    emailConfirmedAt: iso(emailConfirmedAt),
    createdAt: iso(createdAt),
    updatedAt: iso(updatedAt),
  };
}

/**
 * Erases the account's builder profile: its avatar file first, then the row (its confirmation links cascade), the
 * order image deletion keeps, so a storage outage leaves the profile whole and a retry finishes. An avatar another
 * profile also points at stays (an avatar URL is public, anyone may reuse it): removing it would break that profile.
 */
export async function deleteBuilderProfile(ctx: { db: Executor; storage: ObjectStorage }, account: BuilderViewer): Promise<void> {
  const row = await profileOf(ctx.db, account);
  if (!row) return;
  if (row.avatarUrl && BUILDER_AVATAR_URL.test(row.avatarUrl)) {
    const [sharer] = await ctx.db
      .select({ id: builders.id })
      .from(builders)
      .where(and(eq(builders.avatarUrl, row.avatarUrl), ne(builders.id, row.id)))
      .limit(1);
    if (!sharer) await ctx.storage.delete(builderAvatarKey(row.avatarUrl.slice(row.avatarUrl.lastIndexOf("/") + 1)));
  }
  await ctx.db.delete(builders).where(eq(builders.id, row.id));
}
