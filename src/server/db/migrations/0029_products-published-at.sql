ALTER TABLE "products" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
-- Lots already shown: the moment they went on sale was not recorded; their creation is the best known.
UPDATE "products" SET "published_at" = "created_at" WHERE "active";--> statement-breakpoint
CREATE FUNCTION products_published_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Inserted already shown: on sale from its creation. Shown later: from that moment.
  IF NEW.active AND NEW.published_at IS NULL THEN
    NEW.published_at := CASE WHEN TG_OP = 'INSERT' THEN NEW.created_at ELSE now() END;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER products_published_at BEFORE INSERT OR UPDATE OF active ON products
  FOR EACH ROW EXECUTE FUNCTION products_published_at();
