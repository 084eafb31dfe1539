ALTER TABLE "products" ADD COLUMN "condition" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "condition_notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "final_sale" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "upc" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "unit_cost" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "shelf_location" text;--> statement-breakpoint
CREATE INDEX "products_upc_idx" ON "products" USING btree ("upc");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_condition_known" CHECK (condition in ('new', 'new-open-box', 'used-like-new', 'used-good', 'used-acceptable', 'for-parts'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_unit_cost_not_negative" CHECK ("products"."unit_cost" >= 0);