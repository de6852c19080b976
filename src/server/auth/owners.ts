import { and, count, eq, isNull, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { users } from "#server/db/schema/index.ts";

/** Any fixed number, distinct from the app's other advisory lock keys: the lock every change of owners takes. */
const OWNERS_LOCK = 7_100_400;

export const LAST_OWNER = "This is the site's last owner: make another account an owner first.";

/**
 * The owners that can still sign in, counted under a lock held until the caller's transaction ends: two changes
 * at once (two owners deleting their accounts, a demotion and a deletion) cannot both see "another owner is left".
 */
export async function lockedActiveOwnerCount(tx: Executor): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(${OWNERS_LOCK})`);
  const [row] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, "owner"), isNull(users.disabledAt)));
  return row?.n ?? 0;
}
