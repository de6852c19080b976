CREATE TYPE "public"."mail_status" AS ENUM('queued', 'sending', 'sent', 'kept', 'failed');--> statement-breakpoint
ALTER TABLE "mail_messages" RENAME COLUMN "driver" TO "provider";--> statement-breakpoint
ALTER TABLE "mail_messages" ALTER COLUMN "from_address" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "status" "mail_status" DEFAULT 'queued' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_messages_idempotency_key_idx" ON "mail_messages" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "mail_messages_due_idx" ON "mail_messages" USING btree ("next_attempt_at") WHERE "mail_messages"."status" in ('queued', 'sending');