CREATE TABLE "stock_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"stock_after" integer NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"order_id" integer,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_movements_product_idx" ON "stock_movements" USING btree ("product_id","id");--> statement-breakpoint
-- Every change of a product's stock becomes a row of stock_movements, whoever writes products (admin
-- adjustments, sales and refunds, the CSV import, the seed). Statement-level triggers with transition
-- tables, so a batch of imported rows is one insert. The reason, note, order and user are the
-- transaction's settings store.stock_* (src/server/features/admin-products/stock.ts); a write that set
-- none is recorded as 'other' rather than lost.
CREATE FUNCTION stock_movements_record() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  why text := coalesce(nullif(current_setting('store.stock_reason', true), ''), 'other');
  why_note text := nullif(current_setting('store.stock_note', true), '');
  order_ref integer := nullif(current_setting('store.stock_order', true), '')::integer;
  user_ref integer := nullif(current_setting('store.stock_user', true), '')::integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO stock_movements (product_id, delta, stock_after, reason, note, order_id, user_id)
    SELECT n.id, n.stock, n.stock, why, why_note, order_ref, user_ref FROM new_products n
    WHERE n.stock <> 0 ORDER BY n.id;
  ELSE
    INSERT INTO stock_movements (product_id, delta, stock_after, reason, note, order_id, user_id)
    SELECT n.id, n.stock - o.stock, n.stock, why, why_note, order_ref, user_ref
    FROM new_products n JOIN old_products o ON o.id = n.id
    WHERE n.stock <> o.stock ORDER BY n.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stock_movements_insert AFTER INSERT ON products REFERENCING NEW TABLE AS new_products
  FOR EACH STATEMENT EXECUTE FUNCTION stock_movements_record();
--> statement-breakpoint
CREATE TRIGGER stock_movements_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_products NEW TABLE AS new_products
  FOR EACH STATEMENT EXECUTE FUNCTION stock_movements_record();
--> statement-breakpoint
-- What each product had before this history began, so every product's history adds up to its stock.
INSERT INTO stock_movements (product_id, delta, stock_after, reason)
SELECT id, stock, stock, 'opening' FROM products WHERE stock <> 0 ORDER BY id;
