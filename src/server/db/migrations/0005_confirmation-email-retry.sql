ALTER TABLE "orders" ADD COLUMN "confirmation_email_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "confirmation_email_attempt_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_confirmation_unsent_idx" ON "orders" USING btree ("id") WHERE "orders"."confirmation_email_sent" = false and "orders"."payment_status" = 'completed';