CREATE TABLE "payment_completions" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"payment_reference" text,
	"actor" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "payment_completions" ADD CONSTRAINT "payment_completions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_completions_order_unique" ON "payment_completions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_completions_due_idx" ON "payment_completions" USING btree ("id") WHERE "payment_completions"."completed_at" is null;