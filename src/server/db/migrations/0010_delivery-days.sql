ALTER TABLE "shipping_settings" ADD COLUMN "standard_min_days" smallint DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "shipping_settings" ADD COLUMN "standard_max_days" smallint DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "shipping_settings" ADD COLUMN "express_min_days" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "shipping_settings" ADD COLUMN "express_max_days" smallint DEFAULT 2 NOT NULL;