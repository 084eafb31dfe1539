CREATE TABLE "pending_registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"password" text NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pending_registrations_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "refund_limit" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "may_export_customers" boolean;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "may_read_emails" boolean;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "username_skeleton" text;--> statement-breakpoint
CREATE INDEX "pending_registrations_expires_idx" ON "pending_registrations" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "users_username_skeleton" ON "users" USING btree ("username_skeleton");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_refund_limit_not_negative" CHECK ("users"."refund_limit" >= 0);