CREATE TABLE "return_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"actor_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_request_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"received_quantity" integer,
	"damaged_quantity" integer,
	CONSTRAINT "return_request_lines_quantity_positive" CHECK ("return_request_lines"."quantity" > 0),
	CONSTRAINT "return_request_lines_received_fits" CHECK ("return_request_lines"."received_quantity" is null or ("return_request_lines"."received_quantity" between 0 and "return_request_lines"."quantity" and coalesce("return_request_lines"."damaged_quantity", 0) between 0 and "return_request_lines"."received_quantity"))
);
--> statement-breakpoint
CREATE TABLE "return_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"reason" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"defect_claim" boolean DEFAULT false NOT NULL,
	"staff_message" text DEFAULT '' NOT NULL,
	"return_method" text,
	"return_address" text,
	"instructions" text DEFAULT '' NOT NULL,
	"refund_id" integer,
	"refund_claimed_at" timestamp with time zone,
	"requested_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_requests_status_known" CHECK ("return_requests"."status" in ('requested', 'approved', 'refused', 'received', 'refunded', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "return_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_line_id" integer NOT NULL,
	"condition" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"price" numeric(10, 2),
	"write_off" boolean DEFAULT false NOT NULL,
	"outcome" text NOT NULL,
	"product_id" integer,
	"actor_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "return_events" ADD CONSTRAINT "return_events_return_id_return_requests_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."return_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_events" ADD CONSTRAINT "return_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_events" ADD CONSTRAINT "return_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_request_lines" ADD CONSTRAINT "return_request_lines_return_id_return_requests_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."return_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_request_lines" ADD CONSTRAINT "return_request_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_refund_id_order_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."order_refunds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_units" ADD CONSTRAINT "return_units_return_line_id_return_request_lines_id_fk" FOREIGN KEY ("return_line_id") REFERENCES "public"."return_request_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_units" ADD CONSTRAINT "return_units_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_units" ADD CONSTRAINT "return_units_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "return_events_order_idx" ON "return_events" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "return_events_return_idx" ON "return_events" USING btree ("return_id");--> statement-breakpoint
CREATE INDEX "return_request_lines_return_idx" ON "return_request_lines" USING btree ("return_id");--> statement-breakpoint
CREATE INDEX "return_request_lines_item_idx" ON "return_request_lines" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "return_requests_order_idx" ON "return_requests" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "return_requests_status_idx" ON "return_requests" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "return_units_line_idx" ON "return_units" USING btree ("return_line_id");