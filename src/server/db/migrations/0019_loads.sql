CREATE TABLE "loads" (
	"id" serial PRIMARY KEY NOT NULL,
	"supplier" text NOT NULL,
	"received_on" date NOT NULL,
	"reference" text NOT NULL,
	"total_cost" numeric(10, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loads_total_cost_not_negative" CHECK ("loads"."total_cost" >= 0)
);
--> statement-breakpoint
CREATE TABLE "supplier_manifest_mappings" (
	"supplier_key" text PRIMARY KEY NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "load_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "manifest_line" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "manifest_quantity" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "compare_at_source" text;--> statement-breakpoint
CREATE UNIQUE INDEX "loads_reference_unique" ON "loads" USING btree (lower("reference"));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_load_id_loads_id_fk" FOREIGN KEY ("load_id") REFERENCES "public"."loads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "products_load_line_unique" ON "products" USING btree ("load_id","manifest_line");