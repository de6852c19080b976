import { and, count, countDistinct, gte, lte, sql } from "drizzle-orm";
import { VISITORS_WINDOW_HOURS, type AdminOverview } from "../../../common/admin";
import type { BuilderStatus } from "../../../common/builders";
import type { Database } from "../../db/client";
import { analyticsEvents, builders, waitlistEntries } from "../../db/schema";
import { getSeoProgress } from "../seo/service";
import { listRecentSignups } from "../waitlist/admin-service";

const HOUR_MS = 60 * 60 * 1000;

export async function countWaitlist(db: Database): Promise<{ total: number }> {
  const [row] = await db.select({ total: count() }).from(waitlistEntries);
  return { total: row?.total ?? 0 };
}

/** One grouped count over the builders_status_created_at_idx index; every status present, zero when absent. */
export async function countBuildersByStatus(db: Database): Promise<AdminOverview["builders"]> {
  const rows = await db.select({ status: builders.status, n: count() }).from(builders).groupBy(builders.status);
  const by = (status: BuilderStatus) => rows.find((row) => row.status === status)?.n ?? 0;
  const result = { pending: by("pending"), approved: by("approved"), verified: by("verified"), rejected: by("rejected") };
  return { total: result.pending + result.approved + result.verified + result.rejected, ...result };
}

/**
 * Visitors over [since, until]: distinct visitor ids across the whole window (a visitor seen every hour
 * counts once), and the number of page_view events. Bots never reach the table (the ingest drops them).
 * Served by the analytics_events_received_at_visitor_idx index.
 */
export async function countVisitors(db: Database, since: Date, until: Date): Promise<{ uniqueVisitors: number; pageViews: number }> {
  const [row] = await db
    .select({
      uniqueVisitors: countDistinct(analyticsEvents.visitorId),
      pageViews: sql<number>`count(*) filter (where ${analyticsEvents.event} = 'page_view')`.mapWith(Number),
    })
    .from(analyticsEvents)
    .where(and(gte(analyticsEvents.receivedAt, since), lte(analyticsEvents.receivedAt, until)));
  return { uniqueVisitors: row?.uniqueVisitors ?? 0, pageViews: row?.pageViews ?? 0 };
}


/** Everything the dashboard (/admin) shows, from live data. `now` is a parameter so tests can pin the window. */
export async function getAdminOverview(db: Database, now: Date = new Date()): Promise<AdminOverview> {
  const since = new Date(now.getTime() - VISITORS_WINDOW_HOURS * HOUR_MS);
  const [waitlist, builderCounts, visitors, recentSignups, seo] = await Promise.all([
    countWaitlist(db),
    countBuildersByStatus(db),
    countVisitors(db, since, now),
    listRecentSignups(db),
    getSeoProgress(db),
  ]);
  return {
    waitlist,
    builders: builderCounts,
    visitors: { ...visitors, since: since.toISOString() },
    recentSignups,
    seo,
    generatedAt: now.toISOString(),
  };
}

