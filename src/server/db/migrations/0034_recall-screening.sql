CREATE TABLE "recall_gtins" (
	"recall_id" integer NOT NULL,
	"gtin" text NOT NULL,
	CONSTRAINT "recall_gtins_recall_id_gtin_pk" PRIMARY KEY("recall_id","gtin")
);
--> statement-breakpoint
CREATE TABLE "recalls" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"source_id" text NOT NULL,
	"title" text NOT NULL,
	"title_fr" text,
	"recalled_on" date,
	"url" text,
	"brands" text[] DEFAULT '{}'::text[] NOT NULL,
	"models" text[] DEFAULT '{}'::text[] NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "recall_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "quarantined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "recall_gtins" ADD CONSTRAINT "recall_gtins_recall_id_recalls_id_fk" FOREIGN KEY ("recall_id") REFERENCES "public"."recalls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recall_gtins_gtin_idx" ON "recall_gtins" USING btree ("gtin");--> statement-breakpoint
CREATE UNIQUE INDEX "recalls_source_id_unique" ON "recalls" USING btree ("source","source_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_recall_id_recalls_id_fk" FOREIGN KEY ("recall_id") REFERENCES "public"."recalls"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_recall_idx" ON "products" USING btree ("recall_id") WHERE "products"."recall_id" is not null;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_recalled_not_on_sale" CHECK (not ("products"."active" and "products"."recall_id" is not null));
--> statement-breakpoint
-- Recall screening (docs/decisions/0571-recall-screening.md): every write that gives a lot a UPC (the
-- product form, a manifest, an intake scan, an import) is matched against the recalls' GTINs here, so no
-- path can forget. A match quarantines the lot: off sale, with the recall named.
CREATE OR REPLACE FUNCTION products_screen_recalls() RETURNS trigger AS $$
DECLARE
  digits text;
  found integer;
BEGIN
  IF NEW.upc IS NULL OR NEW.recall_id IS NOT NULL THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.upc IS NOT DISTINCT FROM OLD.upc THEN
    RETURN NEW;
  END IF;
  digits := regexp_replace(NEW.upc, '[[:space:]-]', '', 'g');
  IF digits !~ '^[0-9]{8,14}$' THEN
    RETURN NEW;
  END IF;
  SELECT g.recall_id INTO found FROM recall_gtins g WHERE g.gtin = lpad(digits, 14, '0') ORDER BY g.recall_id LIMIT 1;
  IF found IS NOT NULL THEN
    NEW.recall_id := found;
    NEW.quarantined_at := now();
    NEW.active := false;
  END IF;
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER products_check_recalls BEFORE INSERT OR UPDATE OF upc ON products
  FOR EACH ROW EXECUTE FUNCTION products_screen_recalls();
