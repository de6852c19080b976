-- The visitor rollups gain first_seen and prev_seen (docs/decisions/027-analytics-at-scale.md), which only a
-- rebuild from analytics_events can fill. Emptying every rollup here lets the next migration add the columns
-- as NOT NULL, and the app rebuilds all rollups from the events at start-up (ensureRollups: events but no
-- rollups). No event is touched.
TRUNCATE "analytics_visitor_hours", "analytics_visitor_days", "analytics_page_hours", "analytics_page_days", "analytics_sessions" RESTART IDENTITY;
