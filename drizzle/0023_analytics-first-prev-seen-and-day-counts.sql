CREATE TABLE "analytics_session_day_counts" (
	"day" timestamp with time zone PRIMARY KEY NOT NULL,
	"sessions" integer NOT NULL,
	"total_ms" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_visitor_day_counts" (
	"day" timestamp with time zone NOT NULL,
	"prev_day" timestamp with time zone,
	"country" text,
	"device_type" text,
	"visitors" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_visitor_days" ADD COLUMN "first_seen" timestamp with time zone NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_visitor_days" ADD COLUMN "prev_seen" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "analytics_visitor_hours" ADD COLUMN "first_seen" timestamp with time zone NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_visitor_hours" ADD COLUMN "prev_seen" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "analytics_visitor_day_counts_day_idx" ON "analytics_visitor_day_counts" USING btree ("day");--> statement-breakpoint
CREATE INDEX "analytics_visitor_days_visitor_day_idx" ON "analytics_visitor_days" USING btree ("visitor_id","day");--> statement-breakpoint
CREATE INDEX "analytics_visitor_days_counts_idx" ON "analytics_visitor_days" USING btree ("day","prev_seen","country","device_type");--> statement-breakpoint
CREATE INDEX "analytics_visitor_days_prev_seen_idx" ON "analytics_visitor_days" USING btree ("prev_seen");--> statement-breakpoint
CREATE INDEX "analytics_visitor_hours_visitor_hour_idx" ON "analytics_visitor_hours" USING btree ("visitor_id","hour");--> statement-breakpoint
CREATE INDEX "analytics_visitor_hours_last_seen_idx" ON "analytics_visitor_hours" USING btree ("last_seen");--> statement-breakpoint
CREATE INDEX "analytics_visitor_hours_counts_idx" ON "analytics_visitor_hours" USING btree ("hour","prev_seen","first_seen","country","device_type");