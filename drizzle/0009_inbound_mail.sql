CREATE TABLE "inbound_webhooks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"provider" text NOT NULL,
	"signing_secret" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "inbound_webhooks_provider" CHECK (provider in ('resend', 'mailgun', 'sendgrid', 'raw'))
);
--> statement-breakpoint
CREATE TABLE "received_emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"webhook_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "received_emails_provider" CHECK (provider in ('resend', 'mailgun', 'sendgrid', 'raw'))
);
--> statement-breakpoint
ALTER TABLE "received_emails" ADD CONSTRAINT "received_emails_webhook_id_inbound_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."inbound_webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_webhooks_token_hash" ON "inbound_webhooks" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "received_emails_received_at" ON "received_emails" USING btree ("received_at");