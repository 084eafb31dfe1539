-- Keeps product_search_words (the vocabulary search corrects typos against) current whoever writes
-- products: the admin form, the CSV import, the demo seed. Statement-level triggers with transition
-- tables, so a bulk insert of 100,000 products adds its words in one pass.
CREATE FUNCTION product_search_words_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_search_words (word)
  SELECT DISTINCT w
  FROM changed_products, regexp_split_to_table(lower(changed_products.name), '[^[:alnum:]]+') AS w
  WHERE length(w) BETWEEN 3 AND 40 AND w !~ '^[0-9]+$'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_words_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS changed_products FOR EACH STATEMENT EXECUTE FUNCTION product_search_words_add();
--> statement-breakpoint
CREATE TRIGGER products_search_words_update AFTER UPDATE ON products
  REFERENCING NEW TABLE AS changed_products FOR EACH STATEMENT EXECUTE FUNCTION product_search_words_add();
--> statement-breakpoint
INSERT INTO product_search_words (word)
SELECT DISTINCT w
FROM products, regexp_split_to_table(lower(products.name), '[^[:alnum:]]+') AS w
WHERE length(w) BETWEEN 3 AND 40 AND w !~ '^[0-9]+$'
ON CONFLICT DO NOTHING;
