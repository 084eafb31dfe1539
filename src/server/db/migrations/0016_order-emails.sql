ALTER TABLE "mail_outbox" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_carrier" text;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_dedupe_key_unique" ON "mail_outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "mail_outbox_undelivered_idx" ON "mail_outbox" USING btree ("id") WHERE "mail_outbox"."dedupe_key" is not null and "mail_outbox"."status" in ('pending', 'sending', 'failed');