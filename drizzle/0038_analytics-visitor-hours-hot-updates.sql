DROP INDEX "analytics_visitor_hours_last_seen_idx";--> statement-breakpoint
-- Room on each page for the new versions of the rows a batch extends, so those updates stay heap-only (HOT).
ALTER TABLE "analytics_visitor_hours" SET (fillfactor = 70);
