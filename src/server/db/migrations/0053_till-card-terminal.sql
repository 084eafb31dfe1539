ALTER TABLE "pos_tenders" DROP CONSTRAINT "pos_tenders_kind_known";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "terminal_checkout_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "terminal_checkout_status" text;--> statement-breakpoint
ALTER TABLE "pos_registers" ADD COLUMN "square_device_id" text;--> statement-breakpoint
ALTER TABLE "pos_tenders" ADD COLUMN "payment_reference" text;--> statement-breakpoint
ALTER TABLE "pos_tenders" ADD CONSTRAINT "pos_tenders_kind_known" CHECK ("pos_tenders"."kind" in ('cash', 'card', 'gift_card', 'store_credit'));