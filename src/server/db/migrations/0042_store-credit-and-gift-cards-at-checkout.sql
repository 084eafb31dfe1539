CREATE TABLE "gift_card_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"gift_card_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"kind" text NOT NULL,
	"order_id" integer,
	"balance_after_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_card_movements_not_zero" CHECK ("gift_card_movements"."amount_cents" <> 0),
	CONSTRAINT "gift_card_movements_kind_known" CHECK ("gift_card_movements"."kind" in ('issued', 'spent', 'reversal', 'refund'))
);
--> statement-breakpoint
CREATE TABLE "gift_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"last4" text NOT NULL,
	"initial_cents" integer NOT NULL,
	"balance_cents" integer NOT NULL,
	"recipient_email" text,
	"message" text,
	"sold_order_id" integer,
	"issued_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_cards_codeHash_unique" UNIQUE("code_hash"),
	CONSTRAINT "gift_cards_not_negative" CHECK ("gift_cards"."balance_cents" >= 0),
	CONSTRAINT "gift_cards_initial_positive" CHECK ("gift_cards"."initial_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "store_credit_amount" numeric(10, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gift_card_amount" numeric(10, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_card_movements" ADD CONSTRAINT "gift_card_movements_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_movements" ADD CONSTRAINT "gift_card_movements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_sold_order_id_orders_id_fk" FOREIGN KEY ("sold_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_issued_by_user_id_users_id_fk" FOREIGN KEY ("issued_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_card_movements_card_idx" ON "gift_card_movements" USING btree ("gift_card_id","id");--> statement-breakpoint
CREATE INDEX "gift_card_movements_order_idx" ON "gift_card_movements" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_store_credit_within_total" CHECK ("orders"."store_credit_amount" between 0 and "orders"."total");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tenders_within_total" CHECK ("orders"."gift_card_amount" >= 0 and "orders"."store_credit_amount" + "orders"."gift_card_amount" <= "orders"."total");