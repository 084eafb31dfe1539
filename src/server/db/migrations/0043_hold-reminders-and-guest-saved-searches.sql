CREATE TABLE "guest_saved_searches" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"token_hash" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"digest_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guest_saved_searches_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "marketing_consents" ADD COLUMN "purpose" text DEFAULT 'marketing' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "hold_reminder_sent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "guest_saved_searches_email_idx" ON "guest_saved_searches" USING btree (lower("email"));