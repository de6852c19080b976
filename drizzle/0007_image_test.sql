CREATE TABLE "image_test_progress" (
	"admin_user_id" uuid NOT NULL,
	"test_name" text NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "image_test_progress_admin_user_id_test_name_pk" PRIMARY KEY("admin_user_id","test_name"),
	CONSTRAINT "image_test_progress_test_name" CHECK (test_name in ('drag-and-drop', 'paste', 'choose-files', 'annotate', 'share'))
);
--> statement-breakpoint
ALTER TABLE "image_test_progress" ADD CONSTRAINT "image_test_progress_admin_user_id_users_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;