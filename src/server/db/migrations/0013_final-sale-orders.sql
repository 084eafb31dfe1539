ALTER TABLE "order_items" ADD COLUMN "condition" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "final_sale" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "final_sale_acknowledged_at" timestamp with time zone;