CREATE TABLE "images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"experiment_id" text DEFAULT 'general' NOT NULL,
	"original_name" text NOT NULL,
	"annotation" text DEFAULT '' NOT NULL,
	"full_key" text NOT NULL,
	"thumbnail_key" text NOT NULL,
	"content_type" text NOT NULL,
	"full_bytes" bigint NOT NULL,
	"thumbnail_bytes" bigint NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"shared_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "images_shared_at_check" CHECK ("images"."shared" = ("images"."shared_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "images_owner_experiment_created_at_idx" ON "images" USING btree ("owner_id","experiment_id","created_at");--> statement-breakpoint
CREATE INDEX "images_owner_bytes_idx" ON "images" USING btree ("owner_id","full_bytes","thumbnail_bytes");