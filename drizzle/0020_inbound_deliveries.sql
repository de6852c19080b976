CREATE TABLE "inbound_deliveries" (
	"provider" text NOT NULL,
	"delivery_id" text NOT NULL,
	"email_id" uuid NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbound_deliveries_pkey" PRIMARY KEY("provider","delivery_id"),
	CONSTRAINT "inbound_deliveries_provider" CHECK (provider in ('resend', 'mailgun', 'sendgrid', 'raw'))
);
--> statement-breakpoint
CREATE INDEX "inbound_deliveries_seen_at" ON "inbound_deliveries" USING btree ("seen_at");