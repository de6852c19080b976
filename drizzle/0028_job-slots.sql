CREATE TABLE "job_slots" (
	"job" text NOT NULL,
	"slot" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_slots_job_slot_pk" PRIMARY KEY("job","slot")
);
