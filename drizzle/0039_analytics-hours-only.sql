-- The daily visitor rollup held nothing the hourly one does not: a visitor's first hourly row of a UTC day (prev_seen
-- before the day) holds the day's first event and the visitor's last event before it. The dashboard's daily ranges
-- read those rows, found by their prev_seen for the visitors back from a range's first, partial day.
DROP TABLE "analytics_visitor_days";--> statement-breakpoint
-- Its staging table, should a rebuild have crashed and left one.
DROP TABLE IF EXISTS "analytics_visitor_days_rebuild_stage";--> statement-breakpoint
CREATE INDEX "analytics_visitor_hours_prev_seen_idx" ON "analytics_visitor_hours" USING btree ("prev_seen");
