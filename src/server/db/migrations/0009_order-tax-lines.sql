ALTER TABLE "orders" ADD COLUMN "tax_lines" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "currency" text DEFAULT 'CAD' NOT NULL;--> statement-breakpoint
-- Orders placed before taxes were kept by component: one combined line for the tax they were charged,
-- since their split cannot be known for certain afterwards (docs/decisions/0136-tax-lines.md).
UPDATE "orders" SET "tax_lines" = jsonb_build_array(jsonb_build_object('code', 'TAX', 'rate', trim_scale("tax_rate")::text, 'amount', "tax_amount"::text)) WHERE "tax_amount" > 0;
