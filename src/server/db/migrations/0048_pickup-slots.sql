CREATE TABLE "pickup_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"capacity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pickup_slots_window" CHECK ("pickup_slots"."ends_at" > "pickup_slots"."starts_at"),
	CONSTRAINT "pickup_slots_capacity" CHECK ("pickup_slots"."capacity" between 1 and 1000)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pickup_slot_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pickup_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pickup_slot_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pickup_slot_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pickup_reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipping_settings" ADD COLUMN "pickup_lead_hours" smallint DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "shipping_settings" ADD COLUMN "pickup_no_show_days" smallint DEFAULT 7 NOT NULL;--> statement-breakpoint
CREATE INDEX "pickup_slots_starts_idx" ON "pickup_slots" USING btree ("starts_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_pickup_slot_id_pickup_slots_id_fk" FOREIGN KEY ("pickup_slot_id") REFERENCES "public"."pickup_slots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_pickup_slot_idx" ON "orders" USING btree ("pickup_slot_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_pickupCode_unique" UNIQUE("pickup_code");