-- The backup schedule's claims move into the shared job_slots table (job 'backup'), so no slot is claimed twice.
INSERT INTO "job_slots" ("job", "slot", "claimed_at") SELECT 'backup', "slot", "claimed_at" FROM "backup_schedule_slots";--> statement-breakpoint
DROP TABLE "backup_schedule_slots" CASCADE;
