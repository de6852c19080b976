import { performance } from "node:perf_hooks";
import { asc, count, desc, eq, gt, ilike, or, sql, type SQL } from "drizzle-orm";
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
};

type EntryRow = Omit<WaitlistAdminEntry, "joinedAt" | "unsubscribedAt"> & { joinedAt: Date; unsubscribedAt: Date | null };
const toEntry = (row: EntryRow): WaitlistAdminEntry => ({
  ...row,
  joinedAt: row.joinedAt.toISOString(),
  unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
});

/** `q` as a literal ILIKE pattern: %, _ and the escape character itself match only themselves. */
const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Email or name contains the text, in any case. Emails are stored lower-cased; ILIKE folds the name.
 * A leading-wildcard search cannot use a b-tree index: it scans the table, which takes milliseconds for
 * tens of thousands of entries. Past that, a pg_trgm GIN index on email and name is the next step.
 */
const matches = (q: string | null): SQL | undefined =>
  q ? or(ilike(waitlistEntries.email, containsPattern(q)), ilike(waitlistEntries.name, containsPattern(q))) : undefined;

/**
 * The ORDER BY of each sort, with position (unique) last so that pages never overlap or skip a row.
 * position, joined and email are served by their indexes; name sorts case-insensitively, anonymous entries last.
 */
function orderBy(sort: WaitlistAdminListInput["sort"], order: WaitlistAdminListInput["order"]): SQL[] {
  const dir = order === "asc" ? asc : desc;
  switch (sort) {
    case "position":
      return [dir(waitlistEntries.position)];
    case "joined":
      return [dir(waitlistEntries.createdAt), dir(waitlistEntries.position)];
    case "email":
      return [dir(waitlistEntries.email)];
    case "name":
      return [sql`lower(${waitlistEntries.name}) ${sql.raw(order)} nulls last`, asc(waitlistEntries.position)];
  }
}

/** One page of the list, the number of matching entries, and the Debug panel's figures. */
export async function listWaitlistEntries(db: Database, input: WaitlistAdminListInput, now = new Date()): Promise<WaitlistAdminList> {
  const where = matches(input.q);
  const started = performance.now();
  const [rows, [counted]] = await Promise.all([
    db
      .select(entryColumns)
      .from(waitlistEntries)
      .where(where)
      .orderBy(...orderBy(input.sort, input.order))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ total: count() }).from(waitlistEntries).where(where),
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
      returned: rows.length,
    },
  };
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
  const [[totals], recent, interestRows] = await Promise.all([
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
      })
      .from(waitlistEntries),
    listRecentSignups(db),
    db
      .select({ interest: sql<string>`interest`, count: sql<number>`count(*)`.mapWith(Number) })
      .from(sql`${waitlistEntries}, unnest(${waitlistEntries.interests}) as interest`)
      .groupBy(sql`interest`),
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
    generated: now.toISOString(),
  };
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

export const WAITLIST_CSV_HEADER = ["Position", "Name", "Email", "Interests", "Country", "City", "Source", "Joined"] as const;

/** The export's file name, dated in UTC: waitlist-2025-01-31.csv. */
export const waitlistExportFileName = (now = new Date()) => `waitlist-${now.toISOString().slice(0, 10)}.csv`;

/**
 * The whole list as CSV, in position order, produced in batches of 1000 (keyset on position), so memory stays
 * flat however long the list grows. Interests are joined with "; " inside their one field.
 */
export async function* exportWaitlistCsv(db: Database): AsyncGenerator<string> {
  yield CSV_UTF8_BOM + csvRecord(WAITLIST_CSV_HEADER);
  let after = 0;
  for (;;) {
    const rows = await db
      .select(entryColumns)
      .from(waitlistEntries)
      .where(gt(waitlistEntries.position, after))
      .orderBy(asc(waitlistEntries.position))
      .limit(EXPORT_BATCH_SIZE);
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
        ]),
      )
      .join("");
    if (rows.length < EXPORT_BATCH_SIZE) return;
    after = rows[rows.length - 1]!.position;
  }
}
