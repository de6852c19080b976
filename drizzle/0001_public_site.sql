CREATE TYPE "public"."builder_status" AS ENUM('pending', 'approved', 'verified', 'rejected');--> statement-breakpoint
CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"position" integer NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"interests" text[] DEFAULT '{}'::text[] NOT NULL,
	"source" text DEFAULT 'homepage' NOT NULL,
	"country" text,
	"city" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_position_unique" UNIQUE("position"),
	CONSTRAINT "waitlist_entries_email_unique" UNIQUE("email"),
	CONSTRAINT "waitlist_position_positive" CHECK ("waitlist_entries"."position" > 0)
);
--> statement-breakpoint
CREATE TABLE "builders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"title" text,
	"bio" text,
	"location" text,
	"twitter_handle" text,
	"website_url" text,
	"linkedin_url" text,
	"current_project" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"avatar_url" text,
	"status" "builder_status" DEFAULT 'pending' NOT NULL,
	"joined_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "builders_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "analytics_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"client_timestamp" timestamp with time zone,
	"event" text NOT NULL,
	"page" text NOT NULL,
	"url" text,
	"category" text,
	"label" text,
	"value" double precision,
	"component" text,
	"experiment_id" text,
	"properties" jsonb,
	"session_id" text NOT NULL,
	"visitor_id" text NOT NULL,
	"masked_ip" text,
	"country" text,
	"region" text,
	"city" text,
	"timezone" text,
	"device_type" text,
	"browser" text,
	"os" text,
	"referrer_host" text
);
--> statement-breakpoint
CREATE TABLE "analytics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waitlist_entries_created_at_idx" ON "waitlist_entries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "builders_status_created_at_idx" ON "builders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "analytics_events_received_at_page_idx" ON "analytics_events" USING btree ("received_at","page");--> statement-breakpoint
CREATE INDEX "analytics_events_received_at_visitor_idx" ON "analytics_events" USING btree ("received_at","visitor_id");--> statement-breakpoint
CREATE INDEX "analytics_events_received_at_session_idx" ON "analytics_events" USING btree ("received_at","session_id");