CREATE TABLE "daily_plan_completions" (
	"user_id" uuid NOT NULL,
	"plan_date" date NOT NULL,
	"task_id" text NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_plan_completions_user_id_plan_date_task_id_pk" PRIMARY KEY("user_id","plan_date","task_id")
);
--> statement-breakpoint
CREATE TABLE "daily_plans" (
	"user_id" uuid NOT NULL,
	"plan_date" date NOT NULL,
	"insight" text NOT NULL,
	"tasks" jsonb NOT NULL,
	"metrics" jsonb NOT NULL,
	"generated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "daily_plans_user_id_plan_date_pk" PRIMARY KEY("user_id","plan_date")
);
--> statement-breakpoint
ALTER TABLE "daily_plan_completions" ADD CONSTRAINT "daily_plan_completions_user_id_plan_date_daily_plans_user_id_plan_date_fk" FOREIGN KEY ("user_id","plan_date") REFERENCES "public"."daily_plans"("user_id","plan_date") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_plans" ADD CONSTRAINT "daily_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;