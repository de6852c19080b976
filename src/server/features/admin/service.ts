import { and, count, countDistinct, gte, lte, sql } from "drizzle-orm";
import { VISITORS_WINDOW_HOURS, type AdminOverview } from "../../../common/admin";
import type { Database } from "../../db/client";
import { analyticsEvents, waitlistEntries } from "../../db/schema";
import { summarizeBuilders } from "../builders/admin-service";
import { getSeoProgress } from "../seo/service";
import { listRecentSignups } from "../waitlist/admin-service";

const HOUR_MS = 60 * 60 * 1000;

export async function countWaitlist(db: Database): Promise<{ total: number }> {
  const [row] = await db.select({ total: count() }).from(waitlistEntries);
  return { total: row?.total ?? 0 };
}

/** The dashboard's builder figures: the back office's summary, flattened. */
export async function countBuildersByStatus(db: Database): Promise<AdminOverview["builders"]> {
  const { total, byStatus } = await summarizeBuilders(db);
  return { total, ...byStatus };
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

