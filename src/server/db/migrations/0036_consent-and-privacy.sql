CREATE TABLE "marketing_consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"user_id" integer,
	"order_id" integer,
	"action" text NOT NULL,
	"source" text NOT NULL,
	"wording" text NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketing_consents_action" CHECK ("marketing_consents"."action" in ('granted', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "privacy_incidents" (
	"id" serial PRIMARY KEY NOT NULL,
	"occurred_on" date,
	"discovered_on" date NOT NULL,
	"description" text NOT NULL,
	"affected_people" text NOT NULL,
	"affected_count" integer,
	"risk_of_serious_injury" boolean DEFAULT false NOT NULL,
	"measures" text DEFAULT '' NOT NULL,
	"commission_notified_on" date,
	"people_notified_on" date,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "privacy_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"kind" text NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "privacy_requests_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "marketing_consents" ADD CONSTRAINT "marketing_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_consents" ADD CONSTRAINT "marketing_consents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_incidents" ADD CONSTRAINT "privacy_incidents_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marketing_consents_email_idx" ON "marketing_consents" USING btree (lower("email"),"created_at");--> statement-breakpoint
CREATE INDEX "privacy_requests_expires_idx" ON "privacy_requests" USING btree ("expires_at");