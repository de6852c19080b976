CREATE TABLE "analytics_landing_day_counts" (
	"day" timestamp with time zone NOT NULL,
	"prev_day" timestamp with time zone,
	"visitors" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_landing_days" (
	"day" timestamp with time zone NOT NULL,
	"visitor_id" text NOT NULL,
	"first_seen" timestamp with time zone NOT NULL,
	"last_seen" timestamp with time zone NOT NULL,
	"prev_seen" timestamp with time zone,
	"events" integer NOT NULL,
	"page_views" integer NOT NULL,
	CONSTRAINT "analytics_landing_days_day_visitor_id_pk" PRIMARY KEY("day","visitor_id")
);
--> statement-breakpoint
CREATE INDEX "analytics_landing_day_counts_day_idx" ON "analytics_landing_day_counts" USING btree ("day");--> statement-breakpoint
CREATE INDEX "analytics_landing_days_visitor_day_idx" ON "analytics_landing_days" USING btree ("visitor_id","day");--> statement-breakpoint
CREATE INDEX "analytics_landing_days_counts_idx" ON "analytics_landing_days" USING btree ("day","prev_seen","first_seen","last_seen");--> statement-breakpoint
CREATE INDEX "analytics_landing_days_prev_seen_idx" ON "analytics_landing_days" USING btree ("prev_seen");--> statement-breakpoint
CREATE INDEX "analytics_events_campaign_landing_idx" ON "analytics_events" USING btree ("received_at","utm_campaign","visitor_id") WHERE "analytics_events"."utm_campaign" is not null and "analytics_events"."page" = '/' and "analytics_events"."event" = 'page_view';--> statement-breakpoint
CREATE INDEX "analytics_events_referral_landing_idx" ON "analytics_events" USING btree ("received_at","visitor_id") WHERE "analytics_events"."page" = '/' and "analytics_events"."event" = 'page_view' and "analytics_events"."url" ~ '[?&]ref=';