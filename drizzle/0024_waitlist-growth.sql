ALTER TYPE "public"."email_template_type" ADD VALUE 'waitlist_confirm';--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "referral_code" text DEFAULT substr(replace(gen_random_uuid()::text, '-', ''), 1, 12) NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "referred_by" uuid;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "referral_counted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "referral_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "rank_score" integer;--> statement-breakpoint
CREATE INDEX "waitlist_entries_rank_idx" ON "waitlist_entries" USING btree (coalesce("rank_score", "position"),"referral_count" DESC NULLS LAST,"position","rank_score");--> statement-breakpoint
CREATE INDEX "waitlist_entries_referred_by_idx" ON "waitlist_entries" USING btree ("referred_by");--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_referral_code_unique" UNIQUE("referral_code");