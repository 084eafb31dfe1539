CREATE TABLE "product_price_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"from_price" numeric(10, 2),
	"to_price" numeric(10, 2) NOT NULL,
	"reason" text NOT NULL,
	"markdown_step" smallint,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "original_price" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "markdown_step" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_price_changes" ADD CONSTRAINT "product_price_changes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_price_changes_product_idx" ON "product_price_changes" USING btree ("product_id","id");--> statement-breakpoint
-- hand-written:
-- Every change of a product's price becomes a row of product_price_changes, whoever writes products
-- (the markdown job, the admin form, the CSV import, the seed), like stock_movements (0011). The reason,
-- step and user are the transaction's settings store.price_* (src/server/features/markdowns/price-reason.ts);
-- a write that set none is the import's when it says so for the stock, else a staff price.
CREATE FUNCTION product_price_changes_record() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  why text := coalesce(
    nullif(current_setting('store.price_reason', true), ''),
    CASE WHEN current_setting('store.stock_reason', true) = 'import' THEN 'import' ELSE 'staff' END);
  step smallint := nullif(current_setting('store.price_step', true), '')::smallint;
  user_ref integer := coalesce(
    nullif(current_setting('store.price_user', true), ''),
    nullif(current_setting('store.stock_user', true), ''))::integer;
  -- The markdown job's "today" (injectable, so simulated days are dated as they happen).
  at timestamptz := coalesce(nullif(current_setting('store.price_at', true), '')::timestamptz, now());
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO product_price_changes (product_id, from_price, to_price, reason, user_id, created_at)
    SELECT n.id, NULL, n.price, 'listed', user_ref, n.created_at FROM new_products n ORDER BY n.id;
  ELSE
    INSERT INTO product_price_changes (product_id, from_price, to_price, reason, markdown_step, user_id, created_at)
    SELECT n.id, o.price, n.price, why, CASE WHEN why = 'markdown' THEN step END, user_ref, at
    FROM new_products n JOIN old_products o ON o.id = n.id
    WHERE n.price <> o.price ORDER BY n.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_price_changes_insert AFTER INSERT ON products REFERENCING NEW TABLE AS new_products
  FOR EACH STATEMENT EXECUTE FUNCTION product_price_changes_record();
--> statement-breakpoint
CREATE TRIGGER product_price_changes_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_products NEW TABLE AS new_products
  FOR EACH STATEMENT EXECUTE FUNCTION product_price_changes_record();
--> statement-breakpoint
-- A price set by anyone but the markdown job is the product's new original: later steps are taken off it.
CREATE FUNCTION products_price_resets_original() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.price <> OLD.price AND coalesce(current_setting('store.price_reason', true), '') <> 'markdown' THEN
    NEW.original_price := NULL;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_price_resets_original BEFORE UPDATE OF price ON products
  FOR EACH ROW EXECUTE FUNCTION products_price_resets_original();
--> statement-breakpoint
-- The price each product has had since it was listed, so every history starts somewhere.
INSERT INTO product_price_changes (product_id, from_price, to_price, reason, created_at)
SELECT id, NULL, price, 'listed', created_at FROM products ORDER BY id;
