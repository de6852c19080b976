CREATE TYPE "public"."experiment_status" AS ENUM('planning', 'running', 'completed');--> statement-breakpoint
CREATE TYPE "public"."experiment_visibility" AS ENUM('private', 'shared');--> statement-breakpoint
CREATE TABLE "experiment_updates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"experiment_id" uuid NOT NULL,
	"note" text NOT NULL,
	"spend" integer NOT NULL,
	"result" integer NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "experiments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"title" text NOT NULL,
	"hypothesis" text NOT NULL,
	"amount" integer NOT NULL,
	"target_amount" integer,
	"status" "experiment_status" DEFAULT 'planning' NOT NULL,
	"visibility" "experiment_visibility" DEFAULT 'private' NOT NULL,
	"total_days" integer NOT NULL,
	"target_metric" text NOT NULL,
	"next_content" text[] DEFAULT '{}'::text[] NOT NULL,
	"start_date" date,
	"completed_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "experiments_start_date_check" CHECK (("experiments"."status" = 'planning') = ("experiments"."start_date" is null)),
	CONSTRAINT "experiments_completed_on_check" CHECK (("experiments"."status" = 'completed') = ("experiments"."completed_on" is not null))
);
--> statement-breakpoint
ALTER TABLE "bangers" ADD COLUMN "experiment_id" uuid;--> statement-breakpoint
ALTER TABLE "bangers" ADD COLUMN "planned_for" date;--> statement-breakpoint
ALTER TABLE "experiment_updates" ADD CONSTRAINT "experiment_updates_experiment_id_experiments_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiments" ADD CONSTRAINT "experiments_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "experiment_updates_experiment_created_at_idx" ON "experiment_updates" USING btree ("experiment_id","created_at");--> statement-breakpoint
CREATE INDEX "experiments_owner_created_at_idx" ON "experiments" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "experiments_shared_updated_at_idx" ON "experiments" USING btree ("updated_at") WHERE "experiments"."visibility" = 'shared';--> statement-breakpoint
ALTER TABLE "bangers" ADD CONSTRAINT "bangers_experiment_id_experiments_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bangers_experiment_idx" ON "bangers" USING btree ("experiment_id") WHERE "bangers"."experiment_id" is not null;