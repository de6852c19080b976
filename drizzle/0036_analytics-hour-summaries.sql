CREATE TABLE "analytics_session_hour_counts" (
	"hour" timestamp with time zone PRIMARY KEY NOT NULL,
	"sessions" integer NOT NULL,
	"total_ms" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_visitor_hour_counts" (
	"hour" timestamp with time zone NOT NULL,
	"prev_hour" timestamp with time zone,
	"country" text,
	"device_type" text,
	"visitors" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analytics_visitor_hour_counts_hour_idx" ON "analytics_visitor_hour_counts" USING btree ("hour");