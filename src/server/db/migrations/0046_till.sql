CREATE TABLE "pos_cash_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"reason" text NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pos_cash_movements_amount_positive" CHECK ("pos_cash_movements"."amount" > 0),
	CONSTRAINT "pos_cash_movements_kind_known" CHECK ("pos_cash_movements"."kind" in ('drop', 'payout'))
);
--> statement-breakpoint
CREATE TABLE "pos_registers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pos_registers_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "pos_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"register_id" integer NOT NULL,
	"opened_by" integer,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opening_float" numeric(10, 2) NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" integer,
	"counts" jsonb,
	"expected_cash" numeric(10, 2),
	"counted_cash" numeric(10, 2),
	"variance" numeric(10, 2),
	"note" text,
	CONSTRAINT "pos_sessions_float_not_negative" CHECK ("pos_sessions"."opening_float" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pos_tenders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"tendered" numeric(10, 2),
	"change" numeric(10, 2) DEFAULT '0' NOT NULL,
	"rounding" numeric(10, 2) DEFAULT '0' NOT NULL,
	"last4" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pos_tenders_kind_known" CHECK ("pos_tenders"."kind" in ('cash', 'gift_card', 'store_credit'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "channel" text DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pos_session_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "may_use_till" boolean;--> statement-breakpoint
ALTER TABLE "pos_cash_movements" ADD CONSTRAINT "pos_cash_movements_session_id_pos_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."pos_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_cash_movements" ADD CONSTRAINT "pos_cash_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_sessions" ADD CONSTRAINT "pos_sessions_register_id_pos_registers_id_fk" FOREIGN KEY ("register_id") REFERENCES "public"."pos_registers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_sessions" ADD CONSTRAINT "pos_sessions_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_sessions" ADD CONSTRAINT "pos_sessions_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_tenders" ADD CONSTRAINT "pos_tenders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_tenders" ADD CONSTRAINT "pos_tenders_session_id_pos_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."pos_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pos_cash_movements_session_idx" ON "pos_cash_movements" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pos_sessions_one_open_per_register" ON "pos_sessions" USING btree ("register_id") WHERE "pos_sessions"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "pos_tenders_session_idx" ON "pos_tenders" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "pos_tenders_order_idx" ON "pos_tenders" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_channel_known" CHECK ("orders"."channel" in ('online', 'till'));