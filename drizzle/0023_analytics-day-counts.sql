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
CREATE INDEX "analytics_visitor_day_counts_day_idx" ON "analytics_visitor_day_counts" USING btree ("day");--> statement-breakpoint
CREATE INDEX "analytics_visitor_days_prev_seen_idx" ON "analytics_visitor_days" USING btree ("prev_seen");