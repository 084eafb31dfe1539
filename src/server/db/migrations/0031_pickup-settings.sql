ALTER TABLE "orders" ALTER COLUMN "shipping_address" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "shipping_settings" ADD COLUMN "pickup_address" text DEFAULT '1250 Clearance Road, Unit 4
Mississauga, ON L5T 2N7
Canada' NOT NULL;--> statement-breakpoint
ALTER TABLE "shipping_settings" ADD COLUMN "pickup_hours" text DEFAULT 'Monday to Friday: 9 a.m. to 6 p.m.
Saturday: 10 a.m. to 4 p.m.
Sunday: closed' NOT NULL;--> statement-breakpoint
ALTER TABLE "shipping_settings" ADD COLUMN "pickup_hours_fr" text DEFAULT 'Du lundi au vendredi : de 9 h à 18 h
Samedi : de 10 h à 16 h
Dimanche : fermé' NOT NULL;--> statement-breakpoint
ALTER TABLE "shipping_settings" ADD COLUMN "pickup_instructions" text DEFAULT 'Bring your order number and a photo ID.' NOT NULL;--> statement-breakpoint
ALTER TABLE "shipping_settings" ADD COLUMN "pickup_instructions_fr" text DEFAULT 'Apportez votre numéro de commande et une pièce d’identité avec photo.' NOT NULL;