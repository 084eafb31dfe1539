CREATE TABLE "product_counts" (
	"category_key" integer PRIMARY KEY NOT NULL,
	"visible" integer NOT NULL
);
--> statement-breakpoint
-- Keeps product_counts exact whoever writes products (admin form, CSV import, checkout archiving, seed,
-- a category deleted under its products): statement-level triggers with transition tables, so a batch
-- of 500 imported rows is one upsert per category. A change that leaves each category's number of
-- visible products as it was (stock, price, name...) writes nothing, so checkouts never wait on these
-- rows. Keys are upserted in order, so two writers touching several categories cannot deadlock.
-- "Visible" mirrors the product's part of visibleToShoppers (product-repository.ts).
CREATE FUNCTION product_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO product_counts (category_key, visible)
    SELECT coalesce(category_id, 0), count(*) FROM new_products
    WHERE active AND archived_at IS NULL GROUP BY 1 ORDER BY 1
    ON CONFLICT (category_key) DO UPDATE SET visible = product_counts.visible + excluded.visible;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO product_counts (category_key, visible)
    SELECT coalesce(category_id, 0), -count(*) FROM old_products
    WHERE active AND archived_at IS NULL GROUP BY 1 ORDER BY 1
    ON CONFLICT (category_key) DO UPDATE SET visible = product_counts.visible + excluded.visible;
  ELSE
    INSERT INTO product_counts (category_key, visible)
    SELECT k, sum(d) FROM (
      SELECT coalesce(category_id, 0) AS k, 1 AS d FROM new_products WHERE active AND archived_at IS NULL
      UNION ALL
      SELECT coalesce(category_id, 0), -1 FROM old_products WHERE active AND archived_at IS NULL
    ) changes GROUP BY k HAVING sum(d) <> 0 ORDER BY k
    ON CONFLICT (category_key) DO UPDATE SET visible = product_counts.visible + excluded.visible;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_counts_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_products FOR EACH STATEMENT EXECUTE FUNCTION product_counts_apply();
--> statement-breakpoint
CREATE TRIGGER products_counts_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_products NEW TABLE AS new_products
  FOR EACH STATEMENT EXECUTE FUNCTION product_counts_apply();
--> statement-breakpoint
CREATE TRIGGER products_counts_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_products FOR EACH STATEMENT EXECUTE FUNCTION product_counts_apply();
--> statement-breakpoint
CREATE FUNCTION product_counts_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_counts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_counts_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION product_counts_reset();
--> statement-breakpoint
INSERT INTO product_counts (category_key, visible)
SELECT coalesce(category_id, 0), count(*) FROM products
WHERE active AND archived_at IS NULL GROUP BY 1;
