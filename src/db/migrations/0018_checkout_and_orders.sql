CREATE TABLE "checkout_attempts" (
	"website_id" text NOT NULL,
	"id" text NOT NULL,
	"key" text NOT NULL,
	"cart_id" text NOT NULL,
	"site_user_id" text,
	"email" text NOT NULL,
	"customer_key" text NOT NULL,
	"state" text NOT NULL,
	"payment" jsonb NOT NULL,
	"shipping_address" jsonb,
	"snapshot" jsonb NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text,
	"order_id" text,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkout_attempts_website_id_id_pk" PRIMARY KEY("website_id","id"),
	CONSTRAINT "checkout_attempts_amount" CHECK ("checkout_attempts"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "coupon_holds" (
	"website_id" text NOT NULL,
	"attempt_id" text NOT NULL,
	"coupon_id" text NOT NULL,
	"counted" boolean NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "coupon_holds_website_id_attempt_id_coupon_id_pk" PRIMARY KEY("website_id","attempt_id","coupon_id")
);
--> statement-breakpoint
CREATE TABLE "stock_holds" (
	"website_id" text NOT NULL,
	"attempt_id" text NOT NULL,
	"variant_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "stock_holds_website_id_attempt_id_variant_id_pk" PRIMARY KEY("website_id","attempt_id","variant_id"),
	CONSTRAINT "stock_holds_quantity" CHECK ("stock_holds"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "gift_cards" (
	"website_id" text NOT NULL,
	"id" text NOT NULL,
	"order_id" text NOT NULL,
	"order_line" integer NOT NULL,
	"code_hash" text NOT NULL,
	"code_sealed" text NOT NULL,
	"currency" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"balance_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_cards_website_id_id_pk" PRIMARY KEY("website_id","id"),
	CONSTRAINT "gift_cards_balance" CHECK ("gift_cards"."balance_cents" BETWEEN 0 AND "gift_cards"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"website_id" text NOT NULL,
	"order_id" text NOT NULL,
	"position" integer NOT NULL,
	"product_id" text NOT NULL,
	"variant_id" text NOT NULL,
	"product_name" text NOT NULL,
	"product_type" text NOT NULL,
	"option_values" jsonb NOT NULL,
	"sku" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"discount_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"download_file" text,
	CONSTRAINT "order_lines_website_id_order_id_position_pk" PRIMARY KEY("website_id","order_id","position"),
	CONSTRAINT "order_lines_quantity" CHECK ("order_lines"."quantity" BETWEEN 1 AND 9999)
);
--> statement-breakpoint
CREATE TABLE "order_numbers" (
	"website_id" text PRIMARY KEY NOT NULL,
	"next_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"website_id" text NOT NULL,
	"id" text NOT NULL,
	"number" integer NOT NULL,
	"attempt_id" text NOT NULL,
	"cart_id" text NOT NULL,
	"site_user_id" text,
	"email" text NOT NULL,
	"customer_name" text NOT NULL,
	"shipping_address" jsonb,
	"shipping" jsonb,
	"currency" text NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"discount_cents" integer NOT NULL,
	"shipping_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"prices_include_tax" boolean NOT NULL,
	"coupon_codes" text[] DEFAULT '{}' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"payment_status" text NOT NULL,
	"provider" text NOT NULL,
	"payment_method" text NOT NULL,
	"payment_instructions" text,
	"test_mode" boolean NOT NULL,
	"access_token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"cancel_unpaid_at" timestamp with time zone,
	CONSTRAINT "orders_website_id_id_pk" PRIMARY KEY("website_id","id"),
	CONSTRAINT "orders_total" CHECK ("orders"."total_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_settings" (
	"website_id" text PRIMARY KEY NOT NULL,
	"test_mode" boolean DEFAULT false NOT NULL,
	"manual_methods" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cancel_unpaid_days" integer DEFAULT 7 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"website_id" text NOT NULL,
	"id" text NOT NULL,
	"attempt_id" text NOT NULL,
	"order_id" text,
	"provider" text NOT NULL,
	"provider_payment_id" text NOT NULL,
	"method" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"captured_at" timestamp with time zone,
	CONSTRAINT "payments_website_id_id_pk" PRIMARY KEY("website_id","id"),
	CONSTRAINT "payments_amounts" CHECK ("payments"."amount_cents" >= 0 AND "payments"."refunded_cents" BETWEEN 0 AND "payments"."amount_cents")
);
--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD COLUMN "attempt_id" text;--> statement-breakpoint
ALTER TABLE "checkout_attempts" ADD CONSTRAINT "checkout_attempts_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_holds" ADD CONSTRAINT "coupon_holds_website_id_attempt_id_checkout_attempts_website_id_id_fk" FOREIGN KEY ("website_id","attempt_id") REFERENCES "public"."checkout_attempts"("website_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_holds" ADD CONSTRAINT "stock_holds_website_id_attempt_id_checkout_attempts_website_id_id_fk" FOREIGN KEY ("website_id","attempt_id") REFERENCES "public"."checkout_attempts"("website_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_website_id_order_id_orders_website_id_id_fk" FOREIGN KEY ("website_id","order_id") REFERENCES "public"."orders"("website_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_website_id_order_id_orders_website_id_id_fk" FOREIGN KEY ("website_id","order_id") REFERENCES "public"."orders"("website_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_numbers" ADD CONSTRAINT "order_numbers_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD CONSTRAINT "payment_settings_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_attempts_key" ON "checkout_attempts" USING btree ("website_id","key");--> statement-breakpoint
CREATE INDEX "checkout_attempts_open" ON "checkout_attempts" USING btree ("state","updated_at") WHERE "checkout_attempts"."state" IN ('held', 'authorizing', 'requires_action');--> statement-breakpoint
CREATE INDEX "coupon_holds_expiry" ON "coupon_holds" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "stock_holds_expiry" ON "stock_holds" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_code" ON "gift_cards" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "order_lines_variant" ON "order_lines" USING btree ("website_id","variant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number" ON "orders" USING btree ("website_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_attempt" ON "orders" USING btree ("website_id","attempt_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_access_token" ON "orders" USING btree ("access_token_hash");--> statement-breakpoint
CREATE INDEX "orders_created" ON "orders" USING btree ("website_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_unpaid" ON "orders" USING btree ("cancel_unpaid_at") WHERE "orders"."cancel_unpaid_at" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_id" ON "payments" USING btree ("website_id","provider","provider_payment_id");--> statement-breakpoint
CREATE INDEX "payments_order" ON "payments" USING btree ("website_id","order_id");