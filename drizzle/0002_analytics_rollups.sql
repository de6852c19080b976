CREATE TABLE "analytics_page_days" (
	"day" timestamp with time zone NOT NULL,
	"page" text NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "analytics_page_days_day_page_pk" PRIMARY KEY("day","page")
);
--> statement-breakpoint
CREATE TABLE "analytics_page_hours" (
	"hour" timestamp with time zone NOT NULL,
	"page" text NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "analytics_page_hours_hour_page_pk" PRIMARY KEY("hour","page")
);
--> statement-breakpoint
CREATE TABLE "analytics_sessions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "analytics_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"session_id" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"events" integer NOT NULL,
	"page_views" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_visitor_days" (
	"day" timestamp with time zone NOT NULL,
	"visitor_id" text NOT NULL,
	"last_seen" timestamp with time zone NOT NULL,
	"events" integer NOT NULL,
	"page_views" integer NOT NULL,
	"country" text,
	"device_type" text,
	CONSTRAINT "analytics_visitor_days_day_visitor_id_pk" PRIMARY KEY("day","visitor_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_visitor_hours" (
	"hour" timestamp with time zone NOT NULL,
	"visitor_id" text NOT NULL,
	"last_seen" timestamp with time zone NOT NULL,
	"events" integer NOT NULL,
	"page_views" integer NOT NULL,
	"masked_ip" text,
	"country" text,
	"region" text,
	"city" text,
	"timezone" text,
	"device_type" text,
	CONSTRAINT "analytics_visitor_hours_hour_visitor_id_pk" PRIMARY KEY("hour","visitor_id")
);
--> statement-breakpoint
CREATE INDEX "analytics_sessions_session_id_ended_at_idx" ON "analytics_sessions" USING btree ("session_id","ended_at");--> statement-breakpoint
CREATE INDEX "analytics_sessions_ended_at_idx" ON "analytics_sessions" USING btree ("ended_at");