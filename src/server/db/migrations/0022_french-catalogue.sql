ALTER TABLE "categories" ADD COLUMN "name_fr" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "content_pages" ADD COLUMN "title_fr" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "content_pages" ADD COLUMN "content_fr" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "faq_items" ADD COLUMN "question_fr" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "faq_items" ADD COLUMN "answer_fr" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_fr" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "description_fr" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector_fr" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('french', lower(replace(replace(translate(name_fr, 'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖòóôõöÙÚÛÜùúûüÝýÿŸŒÆ', 'AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOoooooUUUUuuuuYyyYœæ'), 'œ', 'oe'), 'æ', 'ae'))), 'A') || setweight(to_tsvector('french', lower(replace(replace(translate(name, 'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖòóôõöÙÚÛÜùúûüÝýÿŸŒÆ', 'AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOoooooUUUUuuuuYyyYœæ'), 'œ', 'oe'), 'æ', 'ae'))), 'A') || setweight(to_tsvector('simple', coalesce(lot_number, '')), 'A') || setweight(to_tsvector('french', lower(replace(replace(translate(coalesce(nullif(description_fr, ''), description), 'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖòóôõöÙÚÛÜùúûüÝýÿŸŒÆ', 'AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOoooooUUUUuuuuYyyYœæ'), 'œ', 'oe'), 'æ', 'ae'))), 'B')) STORED;--> statement-breakpoint
CREATE INDEX "products_search_fr_idx" ON "products" USING gin ("search_vector_fr");
--> statement-breakpoint
-- hand-written:
-- The typo vocabulary (migration 0002, docs/decisions/0011-how-search-ranks.md) also learns the words
-- of French names, without accents as French queries are (docs/decisions/0351-french-search.md). The
-- folding is the generated search_vector_fr's own expression.
CREATE OR REPLACE FUNCTION product_search_words_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_search_words (word)
  SELECT DISTINCT w
  FROM changed_products,
    regexp_split_to_table(
      lower(changed_products.name) || ' ' ||
      lower(replace(replace(translate(changed_products.name_fr, 'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖòóôõöÙÚÛÜùúûüÝýÿŸŒÆ', 'AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOoooooUUUUuuuuYyyYœæ'), 'œ', 'oe'), 'æ', 'ae')),
      '[^[:alnum:]]+') AS w
  WHERE length(w) BETWEEN 3 AND 40 AND w !~ '^[0-9]+$'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
