ALTER TABLE "categories" ADD COLUMN "sort_order" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "content_pages" ADD COLUMN "published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- hand-written:
-- Lot numbers are unique without regard to case (docs/decisions/0242-lot-numbers-ignore-case.md).
-- Existing lot numbers that differ only by case keep the first product's (lowest id) as it is; each
-- later one becomes '<lot> (duplicate <id>)', which no lot number typed or imported can be, and the
-- renaming is written to the audit log so an administrator can find and correct it.
WITH "renamed" AS (
  UPDATE "products" AS p
  SET "lot_number" = p."lot_number" || ' (duplicate ' || p."id" || ')', "updated_at" = now()
  WHERE p."lot_number" IS NOT NULL
    AND EXISTS (
      SELECT 1 FROM "products" AS o
      WHERE o."id" < p."id" AND lower(o."lot_number") = lower(p."lot_number")
    )
  RETURNING p."id", p."lot_number"
)
INSERT INTO "admin_audit_log" ("action", "entity", "entity_id", "after")
SELECT 'rename-duplicate-lot', 'product', "renamed"."id"::text, jsonb_build_object('lotNumber', "renamed"."lot_number")
FROM "renamed";
--> statement-breakpoint
CREATE UNIQUE INDEX "products_lot_number_lower_unique" ON "products" USING btree (lower("lot_number"));
