ALTER TABLE "orders" ADD COLUMN "contract_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "contract_version" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "contract_language" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "recall_released_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_recall_released_id_recalls_id_fk" FOREIGN KEY ("recall_released_id") REFERENCES "public"."recalls"("id") ON DELETE set null ON UPDATE no action;