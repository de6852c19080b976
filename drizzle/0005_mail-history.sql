-- Custom SQL migration file, put your code below! --
-- drizzle-kit renamed driver to provider in 0003 but kept its NOT NULL (its snapshot says nullable): a queued
-- message has no provider until a worker takes it.
ALTER TABLE "mail_messages" ALTER COLUMN "provider" DROP NOT NULL;--> statement-breakpoint
-- Messages written before the queue existed had already been handed to their driver: the outbox kept them,
-- SMTP sent them. Without this they would all look queued, and the worker would send them again.
UPDATE "mail_messages" SET "status" = CASE WHEN "provider" = 'outbox' THEN 'kept'::"mail_status" ELSE 'sent'::"mail_status" END, "attempts" = 1, "sent_at" = "created_at";
