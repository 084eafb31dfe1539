ALTER TABLE "category_discounts" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "category_discounts" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "code_discount" numeric(10, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "code_discount_amount" numeric(10, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "weekday_discounts" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "weekday_discounts" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "category_discounts" ADD CONSTRAINT "category_discounts_window" CHECK ("category_discounts"."starts_at" is null or "category_discounts"."ends_at" is null or "category_discounts"."starts_at" < "category_discounts"."ends_at");--> statement-breakpoint
ALTER TABLE "weekday_discounts" ADD CONSTRAINT "weekday_discounts_window" CHECK ("weekday_discounts"."starts_at" is null or "weekday_discounts"."ends_at" is null or "weekday_discounts"."starts_at" < "weekday_discounts"."ends_at");