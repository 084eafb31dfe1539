ALTER TABLE "order_refunds" ADD COLUMN "card_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "gift_card_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "store_credit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Refunds to 'original' before the split could only go to the card (0531): their whole amount was the card's.
UPDATE "order_refunds" SET "card_cents" = round("amount" * 100)::integer WHERE "destination" = 'original';
