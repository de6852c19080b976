import { and, asc, count, desc, eq, gt, ne, or, sql, type SQL } from "drizzle-orm";
import type { Database, Executor } from "#server/db/client.ts";
import { waitlistEntries, waitlistRankBlocks } from "#server/db/schema/index.ts";

/*
 * The position people see is their rank, contiguous from 1: entries ordered by their join number minus
 * WAITLIST_REFERRAL_BOOST for each counted referral, then (on a tie) more referrals first, then join order.
 * The 7th to join with one counted referral scores 7 - 5 = 2 and comes before the 2nd to join (score 2, no
 * referral): 2nd. The score is stored only for entries with referrals (rank_score); waitlist_entries_rank_idx
 * holds the whole order, and waitlist_rank_blocks counts the entries per block of 1,024 scores (kept by
 * triggers), so a rank is a sum over the blocks before the entry's plus a count within its block.
 */

/** The first key of the order; the index is on exactly this expression. */
export const rankScore = sql<number>`coalesce(${waitlistEntries.rankScore}, ${waitlistEntries.position})`;

/**
 * The rank order, ascending (rank 1 first) or reversed. "nulls last" on the referral count matches the index
 * (referral_count is never null, but the planner only reads the index in order when the clauses agree).
 */
export const rankOrder = (order: "asc" | "desc"): SQL[] =>
  order === "asc"
    ? [asc(rankScore), sql`${waitlistEntries.referralCount} desc nulls last`, asc(waitlistEntries.position)]
    : [desc(rankScore), sql`${waitlistEntries.referralCount} asc nulls first`, desc(waitlistEntries.position)];

export type RankKey = { score: number; referralCount: number; position: number };

export const rankKeyColumns = {
  score: rankScore.mapWith(Number),
  referralCount: waitlistEntries.referralCount,
  position: waitlistEntries.position,
};

/** The block of scores a score falls in, as the triggers that keep waitlist_rank_blocks compute it. */
const blockOf = (score: SQL | number) => sql`(${score}::integer >> 10)`;

/**
 * How many entries come before the key, plus one: those in the blocks of lower scores (a sum over about one
 * row per 1,024 entries), those in the key's block with a lower score (an index-only range count of at most
 * 1,024 plain entries), and those with the same score and more referrals or an earlier join (a handful of index
 * entries). One statement, so all three read the same committed state, which the triggers keep consistent.
 */
export async function rankOfKey(db: Executor, key: RankKey): Promise<number> {
  const blocksBefore = db
    .select({ n: sql<number>`coalesce(sum(${waitlistRankBlocks.entries}), 0)` })
    .from(waitlistRankBlocks)
    .where(sql`${waitlistRankBlocks.block} < ${blockOf(key.score)}`);
  const lowerInBlock = db
    .select({ n: count() })
    .from(waitlistEntries)
    .where(and(sql`${rankScore} >= ${blockOf(key.score)} << 10`, sql`${rankScore} < ${key.score}`));
  const tied = db
    .select({ n: count() })
    .from(waitlistEntries)
    .where(
      and(
        sql`${rankScore} = ${key.score}`,
        or(
          gt(waitlistEntries.referralCount, key.referralCount),
          and(eq(waitlistEntries.referralCount, key.referralCount), sql`${waitlistEntries.position} < ${key.position}`),
        ),
      ),
    );
  const [row] = await db
    .select({ ahead: sql<number>`(${blocksBefore}) + (${lowerInBlock}) + (${tied})`.mapWith(Number) })
    .from(sql`(select 1) as one`);
  return (row?.ahead ?? 0) + 1;
}

/**
 * Credits one confirmed referral to `referrerId`: its count and its stored score move together, in the
 * caller's transaction (the row lock serialises concurrent credits to one referrer).
 */
export async function creditReferral(tx: Executor, referrerId: string, boost: number): Promise<void> {
  await tx
    .update(waitlistEntries)
    .set({
      referralCount: sql`${waitlistEntries.referralCount} + 1`,
      rankScore: sql`${waitlistEntries.position} - ${boost}::integer * (${waitlistEntries.referralCount} + 1)`,
    })
    .where(eq(waitlistEntries.id, referrerId));
}

/**
 * Rewrites the stored scores after WAITLIST_REFERRAL_BOOST changed (at start-up): only entries with referrals
 * have one, and only those whose score does not match the boost are written, so an unchanged setting costs one
 * index-free scan of those rows and no write.
 */
export async function syncRankScores(db: Database, boost: number): Promise<number> {
  const expected = sql`${waitlistEntries.position} - ${boost}::integer * ${waitlistEntries.referralCount}`;
  const rows = await db
    .update(waitlistEntries)
    .set({ rankScore: expected })
    .where(
      and(gt(waitlistEntries.referralCount, 0), or(sql`${waitlistEntries.rankScore} is null`, ne(waitlistEntries.rankScore, expected))),
    )
    .returning({ id: waitlistEntries.id });
  return rows.length;
}
