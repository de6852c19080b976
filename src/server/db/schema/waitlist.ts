import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, normalisedEmail } from "./columns";

export const waitlistEntries = pgTable(
  "waitlist_entries",
  {
    id: id(),
    /**
     * 1, 2, 3... in join order, assigned without gaps under a lock (see the waitlist service). A stable
     * identifier: deleting an entry in the back office leaves a gap and renumbers no one.
     */
    position: integer("position").notNull().unique(),
    email: text("email").notNull().unique(),
    emailNormalised: normalisedEmail(),
    name: text("name"),
    interests: text("interests")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    source: text("source").notNull().default("homepage"),
    country: text("country"),
    city: text("city"),
    /** The utm_source and utm_campaign of the visit that led to the join, as the browser kept them for the session. */
    utmSource: text("utm_source"),
    utmCampaign: text("utm_campaign"),
    createdAt: createdAt(),
    /** When the person followed their unsubscribe link; newsletters skip them from then on. */
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    /**
     * When the person followed their confirmation link (double opt-in); null until then. Entries from before
     * confirmation existed, and every join while WAITLIST_CONFIRM is off, count as confirmed from their join.
     */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /** The code of the person's referral link (`/?ref=<code>`): 12 random hex digits, drawn by the database. */
    referralCode: text("referral_code")
      .notNull()
      .unique()
      .default(sql`substr(replace(gen_random_uuid()::text, '-', ''), 1, 12)`),
    /**
     * Whose link brought them (null: none). No foreign key, on purpose: a backup restores rows in id order,
     * batch by batch, so a referred entry can arrive before its referrer; an id whose entry was since deleted
     * is harmless (its credit updates no row) and the referred entry's own data never depends on it.
     */
    referredBy: uuid("referred_by"),
    /** Whether this entry's referral was credited to its referrer (once, when this entry confirmed). */
    referralCounted: timestamp("referral_counted_at", { withTimezone: true }),
    /**
     * Confirmed referrals credited to this entry. A counter, not a count of referred rows: the credit stays
     * when a referred person deletes their entry.
     */
    referralCount: integer("referral_count").notNull().default(0),
    /**
     * position - WAITLIST_REFERRAL_BOOST x referral_count, stored for the entries with a counted referral and
     * null for the others, whose score is their position: `coalesce(rank_score, position)` is the first key of
     * the rank order (then more referrals, then position), and one index on that order serves both a rank
     * lookup and the admin list sorted by rank. Rewritten at start-up when the boost setting changed.
     */
    rankScore: integer("rank_score"),
  },
  (t) => [
    index("waitlist_entries_created_at_idx").on(t.createdAt),
    index("waitlist_entries_campaign_created_at_idx")
      .on(t.utmCampaign, t.createdAt)
      .where(sql`${t.utmCampaign} is not null`),
    check("waitlist_position_positive", sql`${t.position} > 0`),
    // rank_score last: only so that a count over the order is an index-only scan (the planner wants every
    // column the coalesce reads in the index).
    index("waitlist_entries_rank_idx").on(sql`coalesce(${t.rankScore}, ${t.position})`, t.referralCount.desc(), t.position, t.rankScore),
    index("waitlist_entries_referred_by_idx").on(t.referredBy),
  ],
);

/**
 * How many waitlist entries have a rank score in each block of 1,024 consecutive scores (block = score >> 10,
 * the score being coalesce(rank_score, position)). A rank is then the entries of the blocks before (a sum over
 * about a hundred rows) plus a count within one block, instead of a count that grows with the rank.
 * Kept by triggers on waitlist_entries (insert, delete, a score moving to another block, truncate), so every
 * writer (joins, referral credits, deletions, restores, the boost setting's rewrite) keeps it exact in its own
 * transaction.
 */
export const waitlistRankBlocks = pgTable("waitlist_rank_blocks", {
  block: integer("block").primaryKey(),
  entries: integer("entries").notNull(),
});
