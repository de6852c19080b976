import { and, countDistinct, gte, lte, sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { analyticsEvents } from "#server/db/schema/index.ts";

/**
 * Visitors over [since, until]: distinct visitor ids across the whole window (a visitor seen every hour
 * counts once), and the number of page_view events. Bots never reach the table (the ingest drops them).
 * Read from the events by the analytics_events_received_at_visitor_idx index: meant for short windows
 * (the dashboard's last 24 hours, the visitor alert's 10 minutes); longer ranges go through the rollups.
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
