CREATE TABLE "store_credit_balances" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"balance_cents" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_credit_balances_not_negative" CHECK ("store_credit_balances"."balance_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "store_credit_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"kind" text NOT NULL,
	"reason" text,
	"order_id" integer,
	"refund_id" integer,
	"staff_user_id" integer,
	"balance_after_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_credit_movements_not_zero" CHECK ("store_credit_movements"."amount_cents" <> 0),
	CONSTRAINT "store_credit_movements_kind_known" CHECK ("store_credit_movements"."kind" in ('refund', 'staff', 'spent', 'reversal'))
);
--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "destination" text DEFAULT 'original' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_credit_balances" ADD CONSTRAINT "store_credit_balances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_movements" ADD CONSTRAINT "store_credit_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_movements" ADD CONSTRAINT "store_credit_movements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_movements" ADD CONSTRAINT "store_credit_movements_refund_id_order_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."order_refunds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_movements" ADD CONSTRAINT "store_credit_movements_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_credit_movements_user_idx" ON "store_credit_movements" USING btree ("user_id","id");