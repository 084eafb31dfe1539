CREATE TABLE "order_gift_card_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"quantity" integer NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_email" text NOT NULL,
	"message" text,
	"issued_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_gift_card_lines_amount_positive" CHECK ("order_gift_card_lines"."amount_cents" > 0),
	CONSTRAINT "order_gift_card_lines_quantity_positive" CHECK ("order_gift_card_lines"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gift_card_sale_amount" numeric(10, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_gift_card_lines" ADD CONSTRAINT "order_gift_card_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_gift_card_lines_order_idx" ON "order_gift_card_lines" USING btree ("order_id");