ALTER TABLE "orders" ADD COLUMN "provider_order_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "client_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_status" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_payment_reference" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_reference" text;--> statement-breakpoint
CREATE INDEX "orders_open_client_idx" ON "orders" USING btree ("client_key") WHERE "orders"."payment_status" = 'pending';--> statement-breakpoint
CREATE INDEX "orders_refund_needed_idx" ON "orders" USING btree ("id") WHERE "orders"."refund_status" = 'needed';