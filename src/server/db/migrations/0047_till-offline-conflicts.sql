ALTER TABLE "orders" ADD COLUMN "till_conflict" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "till_conflict_resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "till_conflict_resolution" text;