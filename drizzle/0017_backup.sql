CREATE TABLE "backup_schedule_slots" (
	"slot" timestamp with time zone PRIMARY KEY NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "backups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" uuid,
	"created_by" text NOT NULL,
	"trigger" text NOT NULL,
	"categories" text[] NOT NULL,
	"counts" jsonb NOT NULL,
	"total_rows" bigint NOT NULL,
	"size_bytes" bigint NOT NULL,
	"storage_key" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "backups" ADD CONSTRAINT "backups_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backups_created_at_idx" ON "backups" USING btree ("created_at");