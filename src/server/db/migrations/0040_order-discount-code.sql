ALTER TABLE "orders" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "code_discount_amount" numeric(10, 2) DEFAULT '0' NOT NULL;