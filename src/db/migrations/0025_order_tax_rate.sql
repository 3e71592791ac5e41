ALTER TABLE "orders" ADD COLUMN "tax_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_rate_milli" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_tax_cents" integer DEFAULT 0 NOT NULL;