ALTER TABLE "users" ADD COLUMN "refund_limit" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "may_export_customers" boolean;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "may_read_emails" boolean;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "username_skeleton" text;--> statement-breakpoint
CREATE INDEX "users_username_skeleton" ON "users" USING btree ("username_skeleton");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_refund_limit_not_negative" CHECK ("users"."refund_limit" >= 0);