-- analytics_events becomes range-partitioned by month of received_at (UTC), keeping every row
-- (docs/decisions/033-analytics-partitions-and-retention.md). The old table is renamed, its identity dropped (its
-- sequence name is the new table's), the partitioned table created with the same columns, monthly partitions
-- made for the months of the existing rows plus the current and next months, a DEFAULT partition as a safety
-- net, the rows copied with their ids, the identity moved past the highest id, and the indexes built on the
-- parent (so on every partition).
ALTER TABLE "analytics_events" RENAME TO "analytics_events_unpartitioned";--> statement-breakpoint
ALTER TABLE "analytics_events_unpartitioned" RENAME CONSTRAINT "analytics_events_pkey" TO "analytics_events_unpartitioned_pkey";--> statement-breakpoint
ALTER TABLE "analytics_events_unpartitioned" ALTER COLUMN "id" DROP IDENTITY;--> statement-breakpoint
DROP INDEX "analytics_events_campaign_received_at_idx";--> statement-breakpoint
DROP INDEX "analytics_events_received_at_page_idx";--> statement-breakpoint
DROP INDEX "analytics_events_received_at_visitor_idx";--> statement-breakpoint
DROP INDEX "analytics_events_received_at_session_idx";--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "analytics_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
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
	"referrer_host" text,
	"utm_source" text,
	"utm_campaign" text,
	CONSTRAINT "analytics_events_id_received_at_pk" PRIMARY KEY("id","received_at")
) PARTITION BY RANGE ("received_at");--> statement-breakpoint
-- Partition names and bounds follow src/server/features/analytics/partitions.ts: analytics_events_yYYYYmMM,
-- from the month's first instant (UTC) to the next month's.
DO $$
DECLARE
	month timestamp;
	last_month timestamp := date_trunc('month', now() AT TIME ZONE 'UTC') + interval '1 month';
BEGIN
	-- From the oldest row's month, or the current one when that is earlier or there is no row (least skips a null).
	month := least(date_trunc('month', (SELECT min("received_at") FROM "analytics_events_unpartitioned") AT TIME ZONE 'UTC'), last_month - interval '1 month');
	WHILE month <= last_month LOOP
		EXECUTE format(
			'CREATE TABLE %I PARTITION OF "analytics_events" FOR VALUES FROM (%L) TO (%L)',
			'analytics_events_' || to_char(month, '"y"YYYY"m"MM'),
			to_char(month, 'YYYY-MM-DD"T"HH24:MI:SS"+00"'),
			to_char(month + interval '1 month', 'YYYY-MM-DD"T"HH24:MI:SS"+00"')
		);
		month := month + interval '1 month';
	END LOOP;
END $$;--> statement-breakpoint
CREATE TABLE "analytics_events_default" PARTITION OF "analytics_events" DEFAULT;--> statement-breakpoint
INSERT INTO "analytics_events" OVERRIDING SYSTEM VALUE
	SELECT "id", "received_at", "client_timestamp", "event", "page", "url", "category", "label", "value", "component", "experiment_id",
		"properties", "session_id", "visitor_id", "masked_ip", "country", "region", "city", "timezone", "device_type", "browser", "os",
		"referrer_host", "utm_source", "utm_campaign"
	FROM "analytics_events_unpartitioned";--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('analytics_events', 'id'), coalesce((SELECT max("id") FROM "analytics_events"), 0) + 1, false);--> statement-breakpoint
DROP TABLE "analytics_events_unpartitioned";--> statement-breakpoint
CREATE INDEX "analytics_events_campaign_received_at_idx" ON "analytics_events" USING btree ("utm_campaign","received_at","visitor_id") WHERE "analytics_events"."utm_campaign" is not null;--> statement-breakpoint
CREATE INDEX "analytics_events_received_at_page_idx" ON "analytics_events" USING btree ("received_at","page");--> statement-breakpoint
CREATE INDEX "analytics_events_received_at_visitor_idx" ON "analytics_events" USING btree ("received_at","visitor_id");--> statement-breakpoint
CREATE INDEX "analytics_events_received_at_session_idx" ON "analytics_events" USING btree ("received_at","session_id");
