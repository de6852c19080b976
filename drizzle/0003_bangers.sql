CREATE TYPE "public"."banger_status" AS ENUM('draft', 'ready', 'posted');--> statement-breakpoint
CREATE TYPE "public"."banger_type" AS ENUM('thread', 'linkedin', 'tweet', 'blog', 'chapter');--> statement-breakpoint
CREATE TABLE "bangers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" "banger_type" NOT NULL,
	"status" "banger_status" DEFAULT 'draft' NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"metadata" jsonb NOT NULL,
	"campaign" text NOT NULL,
	"posted_url" text,
	"posted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bangers_campaign_unique" UNIQUE("campaign")
);
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "utm_source" text;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "utm_campaign" text;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "utm_source" text;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "utm_campaign" text;--> statement-breakpoint
CREATE INDEX "bangers_created_at_idx" ON "bangers" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "bangers_type_created_at_idx" ON "bangers" USING btree ("type","created_at");--> statement-breakpoint
CREATE INDEX "bangers_status_created_at_idx" ON "bangers" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "waitlist_entries_campaign_created_at_idx" ON "waitlist_entries" USING btree ("utm_campaign","created_at") WHERE "waitlist_entries"."utm_campaign" is not null;--> statement-breakpoint
CREATE INDEX "analytics_events_campaign_received_at_idx" ON "analytics_events" USING btree ("utm_campaign","received_at","visitor_id") WHERE "analytics_events"."utm_campaign" is not null;