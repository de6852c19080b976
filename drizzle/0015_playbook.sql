CREATE TYPE "public"."playbook_chapter_status" AS ENUM('published', 'coming_soon', 'draft');--> statement-breakpoint
CREATE TYPE "public"."playbook_category" AS ENUM('Social Media', 'Investment', 'Product Strategy', 'Design', 'AI Strategy', 'Technical Guide', 'Security');--> statement-breakpoint
CREATE TYPE "public"."playbook_difficulty" AS ENUM('Beginner', 'Intermediate', 'Advanced');--> statement-breakpoint
CREATE TABLE "playbook_chapters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"category" "playbook_category" NOT NULL,
	"description" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"difficulty" "playbook_difficulty" NOT NULL,
	"tools" text[] DEFAULT '{}'::text[] NOT NULL,
	"key_takeaways" text[] DEFAULT '{}'::text[] NOT NULL,
	"checklist" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" "playbook_chapter_status" DEFAULT 'draft' NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "playbook_checklist_ticks" (
	"user_id" uuid NOT NULL,
	"chapter_id" uuid NOT NULL,
	"item_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "playbook_checklist_ticks_user_id_chapter_id_item_id_pk" PRIMARY KEY("user_id","chapter_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "playbook_ratings" (
	"chapter_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "playbook_ratings_chapter_id_user_id_pk" PRIMARY KEY("chapter_id","user_id"),
	CONSTRAINT "playbook_ratings_rating_check" CHECK ("playbook_ratings"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "playbook_readers" (
	"chapter_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "playbook_readers_chapter_id_user_id_pk" PRIMARY KEY("chapter_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "playbook_checklist_ticks" ADD CONSTRAINT "playbook_checklist_ticks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playbook_checklist_ticks" ADD CONSTRAINT "playbook_checklist_ticks_chapter_id_playbook_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."playbook_chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playbook_ratings" ADD CONSTRAINT "playbook_ratings_chapter_id_playbook_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."playbook_chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playbook_ratings" ADD CONSTRAINT "playbook_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playbook_readers" ADD CONSTRAINT "playbook_readers_chapter_id_playbook_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."playbook_chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playbook_readers" ADD CONSTRAINT "playbook_readers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "playbook_chapters_status_updated_at_idx" ON "playbook_chapters" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "playbook_checklist_ticks_chapter_idx" ON "playbook_checklist_ticks" USING btree ("chapter_id");--> statement-breakpoint
CREATE INDEX "playbook_readers_user_idx" ON "playbook_readers" USING btree ("user_id");