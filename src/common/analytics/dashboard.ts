// zod/mini, like the other shared schemas. Only z.object, z.enum and z._default, which the public pages
// already ship in the shared zod chunk, so the back office's schema adds nothing a visitor downloads.
import * as z from "zod/mini";
import type { CampaignRow } from "./campaigns";

/** The admin analytics dashboard (`GET /api/analytics/dashboard`, `analytics.dashboard`): constants and shape. */

/** The dashboard's time ranges, 24 h by default. */
export const ANALYTICS_TIME_RANGES = ["1h", "24h", "7d", "30d"] as const;
export type AnalyticsTimeRange = (typeof ANALYTICS_TIME_RANGES)[number];
export const DEFAULT_ANALYTICS_TIME_RANGE: AnalyticsTimeRange = "24h";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
export const ANALYTICS_TIME_RANGE_MS: Record<AnalyticsTimeRange, number> = {
  "1h": HOUR_MS,
  "24h": 24 * HOUR_MS,
  "7d": 7 * 24 * HOUR_MS,
  "30d": 30 * 24 * HOUR_MS,
};

/** The chart's buckets: 5 minutes over an hour, hours over a day, UTC days over a week or a month. */
export const ANALYTICS_SERIES_BUCKETS = { "5m": 5 * MINUTE_MS, "1h": HOUR_MS, "1d": 24 * HOUR_MS } as const;
export type AnalyticsSeriesBucket = keyof typeof ANALYTICS_SERIES_BUCKETS;
export const ANALYTICS_SERIES_BUCKET_OF: Record<AnalyticsTimeRange, AnalyticsSeriesBucket> = {
  "1h": "5m",
  "24h": "1h",
  "7d": "1d",
  "30d": "1d",
};

/** A session ends after this long without an event; the next event starts a new one. */
export const SESSION_GAP_MINUTES = 30;
/** realTime.current: distinct visitors over the last 5 minutes; realTime.last10min over the last 10. */
export const REALTIME_CURRENT_MINUTES = 5;
export const REALTIME_RECENT_MINUTES = 10;

/** The visitor alert: this many distinct visitors within the window... */
export const VISITOR_ALERT_THRESHOLD = 2;
export const VISITOR_ALERT_WINDOW_MINUTES = REALTIME_RECENT_MINUTES;
/** ...emails every admin and owner, at most once per this many minutes across all app instances. */
export const VISITOR_ALERT_EMAIL_INTERVAL_MINUTES = 60;

/** Live mode refreshes this often; Test Track refreshes this long after sending. */
export const ANALYTICS_LIVE_REFRESH_MS = 30_000;
export const ANALYTICS_TEST_TRACK_REFRESH_MS = 1_000;
/** Average session shows seconds below this many milliseconds, minutes from it on. */
export const AVG_SESSION_SECONDS_BELOW_MS = 60_000;

export const RECENT_VISITORS_LIMIT = 50;
export const TOP_PAGES_LIMIT = 10;
export const LOCATIONS_LIMIT = 20;
export const CAMPAIGNS_LIMIT = 20;

/** Countries shown with a flag; any other shows a globe. */
export const FLAG_COUNTRIES = ["US", "CA", "GB", "DE", "FR", "JP", "AU", "BR", "IN", "CN", "ES", "IT", "NL", "SE", "NO"] as const;

export type FlagCountry = (typeof FLAG_COUNTRIES)[number];

/** The upper-case code of a country shown with a flag, else null (the globe). */
export function flagCountry(country: string | null | undefined): FlagCountry | null {
  const code = country?.toUpperCase();
  return code && (FLAG_COUNTRIES as readonly string[]).includes(code) ? (code as FlagCountry) : null;
}

/** "42s" below a minute, "3.5m" from a minute on. */
export function formatSessionTime(ms: number): string {
  if (ms < AVG_SESSION_SECONDS_BELOW_MS) return `${Math.floor(ms / 1000)}s`;
  const minutes = ms / MINUTE_MS;
  return `${minutes < 10 ? minutes.toFixed(1) : Math.round(minutes)}m`;
}

/** Query `?timeRange=` and the tRPC input: one of the four ranges, 24h when absent. */
export const analyticsDashboardInput = z.object({
  timeRange: z._default(
    z.enum(ANALYTICS_TIME_RANGES, { error: `timeRange must be one of ${ANALYTICS_TIME_RANGES.join(", ")}` }),
    DEFAULT_ANALYTICS_TIME_RANGE,
  ),
});
export type AnalyticsDashboardInput = z.input<typeof analyticsDashboardInput>;

/**
 * The dashboard response, including `series`, `alert` and `generatedAt`.
 * Every figure covers [debug.startTime, debug.endTime]. Definitions:
 * - uniqueVisitors: distinct visitor ids with an event in the range, counted across the whole range
 *   (never a sum of hourly or daily figures).
 * - totalVisitors: visits, that is sessions active in the range. A session is the events of one client
 *   session id, split where more than SESSION_GAP_MINUTES pass without an event; it is active in the range
 *   when its span [first event, last event] overlaps the range.
 * - avgSessionTime: the mean of (last event - first event) over those sessions, in milliseconds; a session
 *   of one event lasts 0.
 * - pageViews: page_view events in the range; topPages the same per path.
 * - locations and devices: each unique visitor once, under their country and device type; percentages are
 *   of uniqueVisitors. (The visitor id hashes the address and the browser, so a visitor's country and device
 *   are the same on all their events; should a geo database update ever split them, one of them counts.)
 * - realTime.current / last10min: distinct visitors over the last 5 / 10 minutes.
 * Bots are dropped by the ingest and never stored, so no figure includes them.
 */
export type AnalyticsDashboard = {
  summary: {
    totalVisitors: number;
    uniqueVisitors: number;
    pageViews: number;
    /** Milliseconds. */
    avgSessionTime: number;
  };
  /** The most recent visitors of the range, newest first (at most RECENT_VISITORS_LIMIT). */
  visitors: AnalyticsVisitor[];
  topPages: Array<{ path: string; views: number }>;
  /**
   * Each unique visitor once, under the country of their first event in the range (an ISO 3166 code, or
   * null when the address could not be placed); devices likewise.
   */
  locations: Array<{ country: string | null; visitors: number; percentage: number }>;
  devices: Array<{ type: string; count: number; percentage: number }>;
  /** Visitors (distinct per bucket) and page views per bucket, oldest first; buckets start on UTC boundaries. */
  series: { bucket: AnalyticsSeriesBucket; points: AnalyticsSeriesPoint[] };
  realTime: { current: number; last10min: number };
  /** Tagged links (utm_campaign) that brought visitors or waitlist joins in the range, most visitors first (at most CAMPAIGNS_LIMIT). */
  campaigns: CampaignRow[];
  alert: VisitorAlertState;
  /**
   * ISO time (a UTC midnight) from which raw events are still kept, when the rollups hold figures from
   * before it (ANALYTICS_RETENTION_DAYS removed older events); null when no raw event was ever removed.
   * Before it every figure comes from the hourly and daily rollups; campaigns, which read raw events, and the
   * range's partial first hour cover only the time from it on.
   */
  rawEventsSince: string | null;
  debug: AnalyticsDashboardDebug;
  /** ISO time the figures were computed (the end of the range). */
  generatedAt: string;
};

export type AnalyticsVisitor = {
  /** The stored, masked address (203.0.113.0, 2001:db8:85a3::): never the full one. */
  ip: string | null;
  city: string | null;
  region: string | null;
  country: string | null;
  device: string | null;
  timezone: string | null;
  /** Page views in the range. */
  pages: number;
  /** ISO time of the visitor's latest event in the range. */
  lastSeen: string;
};

export type AnalyticsSeriesPoint = { start: string; visitors: number; pageViews: number };

export type VisitorAlertState = {
  /** VISITOR_ALERT_THRESHOLD or more distinct visitors in the last VISITOR_ALERT_WINDOW_MINUTES. */
  active: boolean;
  uniqueVisitorsLast10Min: number;
  threshold: number;
  windowMinutes: number;
  /** ISO time the last alert email went out (to at least one admin), or null if none ever did. */
  notifiedAt: string | null;
  /** How many admins that email reached. */
  recipients: number;
  /** Where that email stands in the mail queue. Null before any email. */
  delivery: VisitorAlertDelivery | null;
};

/**
 * `sent`: the mail provider accepted every message; `kept`: the outbox kept them (nothing left the server);
 * `pending`: some wait in the queue (first try, or a retry after a failure); `failed`: some were refused for good.
 */
export type VisitorAlertDelivery = "sent" | "kept" | "pending" | "failed";

export type AnalyticsTimeSpan = { from: string; to: string };

export type AnalyticsDashboardDebug = {
  /** Where the figures come from: this product's Postgres, the only store there is. */
  dataSource: "postgres";
  timeRange: AnalyticsTimeRange;
  startTime: string;
  endTime: string;
  /** Milliseconds the database work took. */
  queryMs: number;
  /**
   * Which store served which part of the range: whole UTC days from the daily rollups, whole UTC hours
   * from the hourly rollups, and the partial hours at the edges (under an hour each) from the events. The
   * last partial hour is among `hours` when the rollups hold it exactly (nothing received after endTime in it).
   */
  sources: {
    days: AnalyticsTimeSpan | null;
    hours: AnalyticsTimeSpan[];
    events: AnalyticsTimeSpan[];
  };
  sessionGapMinutes: number;
};
