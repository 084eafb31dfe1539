CREATE TABLE "sign_in_queue" (
	"account_key" text PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "network_key" text;--> statement-breakpoint
CREATE INDEX "orders_open_network_idx" ON "orders" USING btree ("network_key") WHERE "orders"."payment_status" = 'pending';