ALTER TABLE "payment_settings" ADD COLUMN "stripe_publishable_key" text;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD COLUMN "stripe_secret_key" text;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD COLUMN "stripe_webhook_secret" text;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD COLUMN "stripe_previous_webhook_secret" text;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD COLUMN "stripe_previous_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD COLUMN "stripe_account_name" text;