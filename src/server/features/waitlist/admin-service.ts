import { performance } from "node:perf_hooks";
import { and, asc, count, desc, eq, gt, ilike, isNull, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { RECENT_SIGNUPS_LIMIT, type RecentSignup } from "#common/admin/overview.ts";
import { WAITLIST_INTERESTS } from "#common/waitlist/waitlist.ts";
import type {
  WaitlistAdminDeleteResult,
  WaitlistAdminEntry,
  WaitlistAdminList,
  WaitlistAdminListInput,
  WaitlistStats,
} from "#common/waitlist/admin.ts";
import type { Database } from "#server/db/client.ts";
import { waitlistEntries } from "#server/db/schema/index.ts";
import { notFound } from "#server/infra/errors.ts";
import { CSV_UTF8_BOM, csvRecord } from "#server/infra/csv.ts";
import { rankOrder } from "./ranks";

/*
 * The back office's side of the waitlist: list, stats, delete and CSV export. Callers check the admin role
 * (adminProcedure, guards.admin); these functions trust that they are called by an admin.
 */

export const WAITLIST_ENTRY_NOT_FOUND = "Waitlist entry not found";

const HOUR_MS = 60 * 60 * 1000;
const EXPORT_BATCH_SIZE = 1000;

const entryColumns = {
  id: waitlistEntries.id,
  position: waitlistEntries.position,
  name: waitlistEntries.name,
  email: waitlistEntries.email,
  interests: waitlistEntries.interests,
  country: waitlistEntries.country,
  city: waitlistEntries.city,
  source: waitlistEntries.source,
  joinedAt: waitlistEntries.createdAt,
  unsubscribedAt: waitlistEntries.unsubscribedAt,
  confirmedAt: waitlistEntries.confirmedAt,
  referrals: waitlistEntries.referralCount,
};

/**
 * Every entry with its rank: row_number() over the rank order, which reads waitlist_entries_rank_idx in order.
 * Filters and sorts apply to this, so a searched or re-sorted page still shows each person's real rank.
 */
function rankedEntries(db: Database) {
  return db
    .select({
      ...entryColumns,
      rank: sql<number>`row_number() over (order by ${sql.join(rankOrder("asc"), sql`, `)})`.mapWith(Number).as("rank"),
    })
    .from(waitlistEntries)
    .as("ranked");
}
type Ranked = ReturnType<typeof rankedEntries>;

type EntryRow = Omit<WaitlistAdminEntry, "joinedAt" | "unsubscribedAt" | "confirmedAt"> & {
  joinedAt: Date;
  unsubscribedAt: Date | null;
  confirmedAt: Date | null;
};
const toEntry = (row: EntryRow): WaitlistAdminEntry => ({
  ...row,
  joinedAt: row.joinedAt.toISOString(),
  unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
  confirmedAt: row.confirmedAt?.toISOString() ?? null,
});

/** `q` as a literal ILIKE pattern: %, _ and the escape character itself match only themselves. */
const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Email or name contains the text, in any case, and the status filter. Emails are stored lower-cased; ILIKE
 * folds the name. A leading-wildcard search cannot use a b-tree index: it scans the table, which takes
 * milliseconds for tens of thousands of entries. Past that, a pg_trgm GIN index on email and name is the next step.
 */
const matches = (
  columns: { email: AnyColumn | SQL.Aliased; name: AnyColumn | SQL.Aliased; confirmedAt: AnyColumn | SQL.Aliased },
  input: Pick<WaitlistAdminListInput, "q" | "status">,
): SQL | undefined =>
  and(
    input.q ? or(ilike(columns.email, containsPattern(input.q)), ilike(columns.name, containsPattern(input.q))) : undefined,
    input.status === "unconfirmed" ? isNull(columns.confirmedAt) : undefined,
  );

/**
 * The ORDER BY of each sort, with position (unique) last so that pages never overlap or skip a row.
 * Name sorts case-insensitively, anonymous entries last; confirmed sorts by the confirmation time, unconfirmed last.
 */
function orderBy(ranked: Ranked, sort: WaitlistAdminListInput["sort"], order: WaitlistAdminListInput["order"]): SQL[] {
  const dir = order === "asc" ? asc : desc;
  switch (sort) {
    case "position":
      return [dir(ranked.position)];
    case "rank":
      return [dir(ranked.rank)];
    case "joined":
      return [dir(ranked.joinedAt), dir(ranked.position)];
    case "email":
      return [dir(ranked.email)];
    case "name":
      return [sql`lower(${ranked.name}) ${sql.raw(order)} nulls last`, asc(ranked.position)];
    case "referrals":
      return [dir(ranked.referrals), asc(ranked.rank)];
    case "confirmed":
      return [sql`${ranked.confirmedAt} ${sql.raw(order)} nulls last`, asc(ranked.position)];
  }
}

/** One page of the list, the number of matching entries, and the Debug panel's figures. */
export async function listWaitlistEntries(db: Database, input: WaitlistAdminListInput, now = new Date()): Promise<WaitlistAdminList> {
  const started = performance.now();
  const offset = (input.page - 1) * input.pageSize;
  const [rows, [counted]] = await Promise.all([
    wholeListByRank(input) ? pageByRank(db, input, offset) : rankedPage(db, input, offset),
    db.select({ total: count() }).from(waitlistEntries).where(matches(waitlistEntries, input)),
  ]);
  const queryMs = Math.round((performance.now() - started) * 10) / 10;
  const total = counted?.total ?? 0;
  return {
    entries: rows.map(toEntry),
    total,
    generated: now.toISOString(),
    debug: {
      page: input.page,
      pageSize: input.pageSize,
      totalPages: Math.ceil(total / input.pageSize),
      queryMs,
      q: input.q,
      sort: input.sort,
      order: input.order,
      status: input.status,
      returned: rows.length,
    },
  };
}

/** The whole list in rank order: the page is a stretch of the rank index, and its ranks follow from the offset. */
const wholeListByRank = (input: WaitlistAdminListInput) => input.sort === "rank" && !input.q && input.status === "all";

async function pageByRank(db: Database, input: WaitlistAdminListInput, offset: number): Promise<EntryRow[]> {
  const [rows, [counted]] = await Promise.all([
    db
      .select(entryColumns)
      .from(waitlistEntries)
      .orderBy(...rankOrder(input.order))
      .limit(input.pageSize)
      .offset(offset),
    input.order === "desc" ? db.select({ total: count() }).from(waitlistEntries) : [{ total: 0 }],
  ]);
  const rankAt = (index: number) => (input.order === "asc" ? offset + index + 1 : counted!.total - offset - index);
  return rows.map((row, index) => ({ ...row, rank: rankAt(index) }));
}

/** Any other view: the ranked list, filtered and sorted, then paged. */
function rankedPage(db: Database, input: WaitlistAdminListInput, offset: number): Promise<EntryRow[]> {
  const ranked = rankedEntries(db);
  return db
    .select()
    .from(ranked)
    .where(matches(ranked, input))
    .orderBy(...orderBy(ranked, input.sort, input.order))
    .limit(input.pageSize)
    .offset(offset);
}

/** How many people are on the waitlist. */
export async function countWaitlistEntries(db: Database): Promise<{ total: number }> {
  const [row] = await db.select({ total: count() }).from(waitlistEntries);
  return { total: row?.total ?? 0 };
}

/** The newest signups first (waitlist_entries_created_at_idx), position breaking ties: the dashboard's and the stats' list. */
export async function listRecentSignups(db: Database, limit = RECENT_SIGNUPS_LIMIT): Promise<RecentSignup[]> {
  const rows = await db
    .select({
      position: waitlistEntries.position,
      name: waitlistEntries.name,
      country: waitlistEntries.country,
      city: waitlistEntries.city,
      source: waitlistEntries.source,
      joinedAt: waitlistEntries.createdAt,
    })
    .from(waitlistEntries)
    .orderBy(desc(waitlistEntries.createdAt), desc(waitlistEntries.position))
    .limit(limit);
  return rows.map((row) => ({ ...row, joinedAt: row.joinedAt.toISOString() }));
}

/** The cards of the admin page and GET /api/waitlist/stats: totals, the last 24 hours and 7 days, interests, newest 5. */
export async function getWaitlistStats(db: Database, now = new Date()): Promise<WaitlistStats> {
  const dayAgo = new Date(now.getTime() - 24 * HOUR_MS);
  const weekAgo = new Date(now.getTime() - 7 * 24 * HOUR_MS);
  const [[totals], recent, interestRows, topReferrers] = await Promise.all([
    // One scan for the three counts; the windows use waitlist_entries_created_at_idx when the planner likes it.
    db
      .select({
        total: count(),
        last24Hours: sql<number>`count(*) filter (where ${waitlistEntries.createdAt} >= ${dayAgo.toISOString()}::timestamptz)`.mapWith(
          Number,
        ),
        last7Days: sql<number>`count(*) filter (where ${waitlistEntries.createdAt} >= ${weekAgo.toISOString()}::timestamptz)`.mapWith(
          Number,
        ),
        unconfirmed: sql<number>`count(*) filter (where ${waitlistEntries.confirmedAt} is null)`.mapWith(Number),
      })
      .from(waitlistEntries),
    listRecentSignups(db),
    db
      .select({ interest: sql<string>`interest`, count: sql<number>`count(*)`.mapWith(Number) })
      .from(sql`${waitlistEntries}, unnest(${waitlistEntries.interests}) as interest`)
      .groupBy(sql`interest`),
    listTopReferrers(db),
  ]);
  const catalogue = (interest: string) => {
    const index = (WAITLIST_INTERESTS as readonly string[]).indexOf(interest);
    return index === -1 ? WAITLIST_INTERESTS.length : index;
  };
  return {
    totalSignups: totals?.total ?? 0,
    recentSignups: recent,
    last24Hours: totals?.last24Hours ?? 0,
    last7Days: totals?.last7Days ?? 0,
    interests: interestRows.sort((a, b) => b.count - a.count || catalogue(a.interest) - catalogue(b.interest)),
    unconfirmed: totals?.unconfirmed ?? 0,
    topReferrers,
    generated: now.toISOString(),
  };
}

const TOP_REFERRERS = 5;

/** The Top referrers card: the entries with the most counted referrals (the rank order breaks ties), with their rank. */
async function listTopReferrers(db: Database): Promise<WaitlistStats["topReferrers"]> {
  const ranked = rankedEntries(db);
  return db
    .select({ id: ranked.id, name: ranked.name, email: ranked.email, referrals: ranked.referrals, rank: ranked.rank })
    .from(ranked)
    .where(gt(ranked.referrals, 0))
    .orderBy(desc(ranked.referrals), asc(ranked.rank))
    .limit(TOP_REFERRERS);
}

/**
 * Removes one entry. The positions of the others stay as they are: a position is the stable number of a
 * person's place in join order (it was in their confirmation), so a deletion leaves a gap rather than
 * renumbering everyone behind it.
 */
export async function deleteWaitlistEntry(db: Database, id: string): Promise<WaitlistAdminDeleteResult> {
  const [deleted] = await db
    .delete(waitlistEntries)
    .where(eq(waitlistEntries.id, id))
    .returning({ id: waitlistEntries.id, position: waitlistEntries.position });
  if (!deleted) throw notFound(WAITLIST_ENTRY_NOT_FOUND);
  return { deleted };
}

/** Position is the join number; Rank the place people see; Confirmed the confirmation time (empty while unconfirmed). */
export const WAITLIST_CSV_HEADER = [
  "Position",
  "Name",
  "Email",
  "Interests",
  "Country",
  "City",
  "Source",
  "Joined",
  "Rank",
  "Confirmed",
  "Referrals",
] as const;

/** The export's file name, dated in UTC: waitlist-2025-01-31.csv. */
export const waitlistExportFileName = (now = new Date()) => `waitlist-${now.toISOString().slice(0, 10)}.csv`;

/**
 * The whole list as CSV, in position order, produced in batches of 1000 (keyset on position), so memory stays
 * flat however long the list grows. Interests are joined with "; " inside their one field. Each batch ranks the
 * whole list again (one ordered index scan), so ranks are exact at the batch's moment.
 */
export async function* exportWaitlistCsv(db: Database): AsyncGenerator<string> {
  yield CSV_UTF8_BOM + csvRecord(WAITLIST_CSV_HEADER);
  let after = 0;
  for (;;) {
    const ranked = rankedEntries(db);
    const rows = await db.select().from(ranked).where(gt(ranked.position, after)).orderBy(asc(ranked.position)).limit(EXPORT_BATCH_SIZE);
    if (rows.length === 0) return;
    yield rows
      .map((row) =>
        csvRecord([
          row.position,
          row.name,
          row.email,
          row.interests.join("; "),
          row.country,
          row.city,
          row.source,
          row.joinedAt.toISOString(),
          row.rank,
          row.confirmedAt?.toISOString() ?? null,
          row.referrals,
        ]),
      )
      .join("");
    if (rows.length < EXPORT_BATCH_SIZE) return;
    after = rows[rows.length - 1]!.position;
  }
}
