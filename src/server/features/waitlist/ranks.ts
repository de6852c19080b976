import { and, asc, desc, eq, gt, ne, or, sql, type SQL } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
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

/** An entry's score: its stored one when it has referrals, else its join number. */
const scoreOf = (entry: { rankScore: AnyPgColumn; position: AnyPgColumn }) => sql<number>`coalesce(${entry.rankScore}, ${entry.position})`;

/** The first key of the order; the index is on exactly this expression. */
export const rankScore = scoreOf(waitlistEntries);

/**
 * The rank order, ascending (rank 1 first) or reversed. "nulls last" on the referral count matches the index
 * (referral_count is never null, but the planner only reads the index in order when the clauses agree).
 */
export const rankOrder = (order: "asc" | "desc"): SQL[] =>
  order === "asc"
    ? [asc(rankScore), sql`${waitlistEntries.referralCount} desc nulls last`, asc(waitlistEntries.position)]
    : [desc(rankScore), sql`${waitlistEntries.referralCount} asc nulls first`, desc(waitlistEntries.position)];

/**
 * The row a rank is read for, under its own name: the rank's subqueries read `waitlist_entries` too, and refer
 * to this row's columns. Select from it with `entryRank` among the columns.
 */
export const rankedEntry = alias(waitlistEntries, "ranked_entry");

/** The block of scores a score falls in, as the triggers that keep waitlist_rank_blocks compute it. */
const blockOf = (score: SQL) => sql`(${score}::integer >> 10)`;

const rankedScore = scoreOf(rankedEntry);

/**
 * How many entries come before `rankedEntry` (see entryRank). A SQL of its own, nested in entryRank: in a select
 * from one table, drizzle writes the columns that appear directly in the select list without their table's
 * name, and the subqueries' columns would then be ambiguous.
 */
const entriesAhead = sql`(
  select coalesce(sum(${waitlistRankBlocks.entries}), 0) from ${waitlistRankBlocks}
   where ${waitlistRankBlocks.block} < ${blockOf(rankedScore)}
) + (
  select count(*) from ${waitlistEntries}
   where ${rankScore} >= ${blockOf(rankedScore)} << 10 and ${rankScore} < ${rankedScore}
) + (
  select count(*) from ${waitlistEntries}
   where ${rankScore} = ${rankedScore}
     and (${waitlistEntries.referralCount} > ${rankedEntry.referralCount}
          or (${waitlistEntries.referralCount} = ${rankedEntry.referralCount} and ${waitlistEntries.position} < ${rankedEntry.position}))
)`;
/**
 * The rank of `rankedEntry`, as a column of the statement that reads the entry (one round trip): how many
 * entries come before it, plus one. Those in the blocks of lower scores (a sum over about one row per 1,024
 * entries), those in its block with a lower score (an index-only range count of at most 1,024 plain entries),
 * and those with the same score and more referrals or an earlier join (a handful of index entries). One
 * statement, so all three read the same committed state, which the triggers keep consistent.
 */
export const entryRank = sql<number>`1 + ${entriesAhead}`.mapWith(Number);

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
