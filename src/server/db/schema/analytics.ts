import { sql } from "drizzle-orm";
import { bigint, boolean, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/**
 * The one table that grows without bound. A bigint identity rather than a UUID keeps the primary
 * key append-only (see docs/decisions). The raw address is never stored: only a masked form.
 * Range-partitioned by month of received_at, with a DEFAULT partition as a safety net
 * (docs/decisions/033-analytics-partitions-and-retention.md): drizzle cannot declare that, so the migration
 * builds it and partitions.ts keeps it; a partitioned table's primary key must hold the partition key.
 */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: bigint("id", { mode: "number" }).notNull().generatedAlwaysAsIdentity(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    clientTimestamp: timestamp("client_timestamp", { withTimezone: true }),
    event: text("event").notNull(),
    page: text("page").notNull(),
    url: text("url"),
    category: text("category"),
    label: text("label"),
    value: doublePrecision("value"),
    component: text("component"),
    experimentId: text("experiment_id"),
    properties: jsonb("properties").$type<Record<string, string | number | boolean | null>>(),
    sessionId: text("session_id").notNull(),
    /** SHA-256 of the day's salt, the address and the user agent: counts visitors without keeping who they are. */
    visitorId: text("visitor_id").notNull(),
    maskedIp: text("masked_ip"),
    country: text("country"),
    region: text("region"),
    city: text("city"),
    timezone: text("timezone"),
    deviceType: text("device_type"),
    browser: text("browser"),
    os: text("os"),
    referrerHost: text("referrer_host"),
    /** The tracked URL's utm_source and utm_campaign (content-to-growth loop); null on most events. */
    utmSource: text("utm_source"),
    utmCampaign: text("utm_campaign"),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.receivedAt] }),
    // Partial: only the few events that landed through a tagged link. By campaign, for one campaign's figures since
    // its posting; by time, for the Campaigns panel's range, which otherwise walks every campaign's entries of all time
    // to keep a day's (7.3 -> 5.0 ms for the 24-hour range at 10 million events).
    index("analytics_events_campaign_received_at_idx")
      .on(t.utmCampaign, t.receivedAt, t.visitorId)
      .where(sql`${t.utmCampaign} is not null`),
    index("analytics_events_received_at_campaign_idx")
      .on(t.receivedAt, t.utmCampaign, t.visitorId)
      .where(sql`${t.utmCampaign} is not null`),
    // Partial: page views only, so the views per page of a span of events are counted from the index alone (the
    // 24-hour range's first partial hour: 12 -> 8.4 ms at 10 million events). Other reads by time use the next two.
    index("analytics_events_page_views_idx")
      .on(t.receivedAt, t.page)
      .where(sql`${t.event} = 'page_view'`),
    index("analytics_events_received_at_visitor_idx").on(t.receivedAt, t.visitorId),
    index("analytics_events_received_at_session_idx").on(t.receivedAt, t.sessionId),
    // Partial: only the tagged page views of `/`, so the Funnel's campaign rows count them from the index alone.
    index("analytics_events_campaign_landing_idx")
      .on(t.receivedAt, t.utmCampaign, t.visitorId)
      .where(sql`${t.utmCampaign} is not null and ${t.page} = '/' and ${t.event} = 'page_view'`),
    // Partial: only the page views of `/` that came through a referral link (`/?ref=`), for the Funnel's Referrals row.
    index("analytics_events_referral_landing_idx")
      .on(t.receivedAt, t.visitorId)
      .where(sql`${t.page} = '/' and ${t.event} = 'page_view' and ${t.url} ~ '[?&]ref='`),
  ],
);

/** One random salt per UTC day, shared by every app instance; deleted after 48 hours. */
export const analyticsSalts = pgTable("analytics_salts", {
  day: date("day").primaryKey(),
  salt: text("salt").notNull(),
  createdAt: createdAt(),
});

/*
 * Rollups for the admin dashboard (docs/decisions/004-analytics-dashboard.md), by UTC hour and by UTC day.
 * The event writer keeps them current in the same transaction as each batch of events (rollups.ts), so they
 * never disagree with analytics_events; rebuildRollups() recomputes them from the events (start-up backfill,
 * the benchmark). `hour` is date_trunc('hour', received_at, 'UTC'), `day` date_trunc('day', received_at, 'UTC').
 */

/*
 * The visitor rollups hold, per unit (UTC hour or day) and visitor: the first and last event, counts, the
 * attributes of the first event (on equal times the greatest value), and `prev_seen`, the visitor's last
 * event before the unit starts (null: none). A range counts a visitor once, on its first row in the range:
 * the row whose prev_seen lies before the range (docs/decisions/027-analytics-at-scale.md). That makes
 * unique visitors, countries and devices a filtered count over the rows instead of a distinct over them.
 */

/**
 * One row per visitor and UTC hour with any event: exact distinct-visitor counts, and the Recent Visitors list. The
 * daily ranges read it too: a visitor's first row of a UTC day is the one whose prev_seen is before the day (or null),
 * and it holds the day's first event and the visitor's last event before the day, which is all a day's row would.
 */
export const analyticsVisitorHours = pgTable(
  "analytics_visitor_hours",
  {
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    visitorId: text("visitor_id").notNull(),
    firstSeen: timestamp("first_seen", { withTimezone: true }).notNull(),
    lastSeen: timestamp("last_seen", { withTimezone: true }).notNull(),
    prevSeen: timestamp("prev_seen", { withTimezone: true }),
    events: integer("events").notNull(),
    pageViews: integer("page_views").notNull(),
    /** The attributes of the visitor's first event in the hour. */
    maskedIp: text("masked_ip"),
    country: text("country"),
    region: text("region"),
    city: text("city"),
    timezone: text("timezone"),
    deviceType: text("device_type"),
    /**
     * Whether the hour's events differ in country or device type. When they do not, the first event's are those of
     * every event, so the dashboard reads a visitor's first event after any instant of the hour from this row alone.
     * True for rows written before this column existed: unknown, so read from the events.
     */
    countryOrDeviceVaries: boolean("country_or_device_varies").notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.hour, t.visitorId] }),
    // A batch looks up the visitor's rows before and after its events (prev_seen).
    index("analytics_visitor_hours_visitor_hour_idx").on(t.visitorId, t.hour),
    // No index holds last_seen, events or page_views, the columns a batch changes in the rows it extends: those
    // updates are HOT (heap-only, with the table's fillfactor of 70 leaving room on the page, migration 0038), so the
    // live hour keeps one index entry per visitor instead of one per batch that touched them. With an index on
    // last_seen, 100,000 events in the current hour left 58,000 entries for its 6,000 rows, which every read of the
    // hour walked, and which VACUUM leaves in place (it skips index cleanup below 2 % of the table's pages).
    index("analytics_visitor_hours_counts_idx").on(t.hour, t.prevSeen, t.firstSeen, t.country, t.deviceType),
    // The rows of visitors back from a range's first, partial day, among the whole days after it: a few thousand
    // entries, where the counts index holds every row of those days (230 ms against 0.9 ms at 10 million events).
    index("analytics_visitor_hours_prev_seen_idx").on(t.prevSeen),
  ],
);

/**
 * The visitors of the landing page: one row per UTC day and visitor with a page view of `/`, kept like
 * analytics_visitor_hours but per day and over those page views only (first_seen, last_seen, prev_seen: the
 * visitor's last page view of `/` before the day). The Funnel counts a visitor once, on their first row in the range
 * (docs/decisions/034-waitlist-funnel.md), instead of a distinct over millions of page views.
 */
export const analyticsLandingDays = pgTable(
  "analytics_landing_days",
  {
    day: timestamp("day", { withTimezone: true }).notNull(),
    visitorId: text("visitor_id").notNull(),
    firstSeen: timestamp("first_seen", { withTimezone: true }).notNull(),
    lastSeen: timestamp("last_seen", { withTimezone: true }).notNull(),
    prevSeen: timestamp("prev_seen", { withTimezone: true }),
    events: integer("events").notNull(),
    pageViews: integer("page_views").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.visitorId] }),
    index("analytics_landing_days_visitor_day_idx").on(t.visitorId, t.day),
    // The range's partial first and last days, compared row by row from the index alone.
    index("analytics_landing_days_counts_idx").on(t.day, t.prevSeen, t.firstSeen, t.lastSeen),
    // The whole days' rows of visitors back from the range's first (partial) day.
    index("analytics_landing_days_prev_seen_idx").on(t.prevSeen),
  ],
);

/** page_view events per page and UTC hour, and per page and UTC day: Top Pages without touching the events. */
export const analyticsPageHours = pgTable(
  "analytics_page_hours",
  {
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    page: text("page").notNull(),
    views: integer("views").notNull(),
  },
  (t) => [primaryKey({ columns: [t.hour, t.page] })],
);

export const analyticsPageDays = pgTable(
  "analytics_page_days",
  {
    day: timestamp("day", { withTimezone: true }).notNull(),
    page: text("page").notNull(),
    views: integer("views").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.page] })],
);

/**
 * Sessions: the events of one client session id, split where more than 30 minutes pass without an event.
 * One row per such run, merged by the writer as events arrive (in any order).
 */
export const analyticsSessions = pgTable(
  "analytics_sessions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    sessionId: text("session_id").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }).notNull(),
    events: integer("events").notNull(),
    pageViews: integer("page_views").notNull(),
  },
  (t) => [
    index("analytics_sessions_session_id_ended_at_idx").on(t.sessionId, t.endedAt),
    // started_at too, so that the sessions overlapping a range (ended after its start, started before its
    // end) and their lengths are read from the index alone: 22 ms -> 6 ms for 24 hours of 10 million events.
    index("analytics_sessions_ended_started_idx").on(t.endedAt, t.startedAt),
  ],
);

/*
 * Per-day summaries of whole past days, so the 7- and 30-day ranges add up a few rows per day instead of
 * counting every visitor row and session, and per-hour ones of whole past hours for the 24-hour range
 * (docs/decisions/027-analytics-at-scale.md). They are a cache: every batch that changes a day's or an hour's
 * visitor rows or sessions deletes its summaries in its own transaction, and the dashboard computes a missing
 * one from the rollups under the rollup lock.
 */

/**
 * A day's visitors, each counted on their first hourly row of the day, by the UTC day of its prev_seen (null: never
 * seen before), country and device.
 */
export const analyticsVisitorDayCounts = pgTable(
  "analytics_visitor_day_counts",
  {
    day: timestamp("day", { withTimezone: true }).notNull(),
    prevDay: timestamp("prev_day", { withTimezone: true }),
    country: text("country"),
    deviceType: text("device_type"),
    visitors: integer("visitors").notNull(),
  },
  (t) => [index("analytics_visitor_day_counts_day_idx").on(t.day)],
);

/** A day's landing rows (analytics_landing_days) by the UTC day of their prev_seen (null: never on `/` before). */
export const analyticsLandingDayCounts = pgTable(
  "analytics_landing_day_counts",
  {
    day: timestamp("day", { withTimezone: true }).notNull(),
    prevDay: timestamp("prev_day", { withTimezone: true }),
    visitors: integer("visitors").notNull(),
  },
  (t) => [index("analytics_landing_day_counts_day_idx").on(t.day)],
);

/** The sessions (runs) that ended on a UTC day: how many and their total length. */
export const analyticsSessionDayCounts = pgTable("analytics_session_day_counts", {
  day: timestamp("day", { withTimezone: true }).primaryKey(),
  sessions: integer("sessions").notNull(),
  totalMs: doublePrecision("total_ms").notNull(),
});

/**
 * An hour's visitor rows by the UTC hour of their prev_seen, country and device. prev_hour is null when prev_seen
 * is more than 24 hours before the hour, or there is none: before the start of any 24-hour range the hour is in.
 */
export const analyticsVisitorHourCounts = pgTable(
  "analytics_visitor_hour_counts",
  {
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    prevHour: timestamp("prev_hour", { withTimezone: true }),
    country: text("country"),
    deviceType: text("device_type"),
    visitors: integer("visitors").notNull(),
  },
  (t) => [index("analytics_visitor_hour_counts_hour_idx").on(t.hour)],
);

/** The sessions (runs) that ended in a UTC hour: how many and their total length. */
export const analyticsSessionHourCounts = pgTable("analytics_session_hour_counts", {
  hour: timestamp("hour", { withTimezone: true }).primaryKey(),
  sessions: integer("sessions").notNull(),
  totalMs: doublePrecision("total_ms").notNull(),
});
