ALTER TABLE "orders" ADD COLUMN "contract_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "contract_version" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "contract_language" text;