CREATE TABLE "cart_lines" (
	"website_id" text NOT NULL,
	"cart_id" text NOT NULL,
	"id" text NOT NULL,
	"product_id" text NOT NULL,
	"variant_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_lines_website_id_id_pk" PRIMARY KEY("website_id","id"),
	CONSTRAINT "cart_lines_quantity" CHECK ("cart_lines"."quantity" BETWEEN 1 AND 9999)
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"website_id" text NOT NULL,
	"id" text NOT NULL,
	"token" text NOT NULL,
	"site_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"coupon_codes" text[] DEFAULT '{}' NOT NULL,
	"shipping_location" jsonb,
	"shipping_rate_id" text,
	"order_id" text,
	"purchased_at" timestamp with time zone,
	CONSTRAINT "carts_website_id_id_pk" PRIMARY KEY("website_id","id")
);
--> statement-breakpoint
CREATE TABLE "coupon_uses" (
	"website_id" text NOT NULL,
	"coupon_id" text NOT NULL,
	"customer_key" text NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_uses_website_id_coupon_id_customer_key_pk" PRIMARY KEY("website_id","coupon_id","customer_key")
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"website_id" text NOT NULL,
	"id" text NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"percent_off_hundredths" integer,
	"amount_off_cents" integer,
	"minimum_subtotal_cents" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"usage_limit" integer,
	"once_per_customer" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"used_count" integer DEFAULT 0 NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "coupons_website_id_id_pk" PRIMARY KEY("website_id","id"),
	CONSTRAINT "coupons_used" CHECK ("coupons"."used_count" >= 0 AND ("coupons"."usage_limit" IS NULL OR "coupons"."used_count" <= "coupons"."usage_limit"))
);
--> statement-breakpoint
CREATE TABLE "shipping_zones" (
	"website_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"countries" text[] NOT NULL,
	"regions" text[] NOT NULL,
	"rates" jsonb NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "shipping_zones_website_id_id_pk" PRIMARY KEY("website_id","id")
);
--> statement-breakpoint
CREATE TABLE "tax_rules" (
	"website_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"country" text NOT NULL,
	"region" text,
	"postcode_prefix" text,
	"rate_thousandths" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "tax_rules_website_id_id_pk" PRIMARY KEY("website_id","id"),
	CONSTRAINT "tax_rules_rate" CHECK ("tax_rules"."rate_thousandths" BETWEEN 0 AND 100000)
);
--> statement-breakpoint
CREATE TABLE "tax_settings" (
	"website_id" text PRIMARY KEY NOT NULL,
	"prices_include_tax" boolean DEFAULT false NOT NULL,
	"tax_shipping" boolean DEFAULT false NOT NULL,
	"origin_country" text
);
--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_website_id_cart_id_carts_website_id_id_fk" FOREIGN KEY ("website_id","cart_id") REFERENCES "public"."carts"("website_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_site_user_id_site_users_id_fk" FOREIGN KEY ("site_user_id") REFERENCES "public"."site_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_website_id_coupon_id_coupons_website_id_id_fk" FOREIGN KEY ("website_id","coupon_id") REFERENCES "public"."coupons"("website_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_zones" ADD CONSTRAINT "shipping_zones_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_rules" ADD CONSTRAINT "tax_rules_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_settings" ADD CONSTRAINT "tax_settings_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_lines_variant" ON "cart_lines" USING btree ("website_id","cart_id","variant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "carts_token" ON "carts" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "carts_open_customer" ON "carts" USING btree ("website_id","site_user_id") WHERE "carts"."site_user_id" IS NOT NULL AND "carts"."purchased_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code" ON "coupons" USING btree ("website_id",lower("code"));--> statement-breakpoint
CREATE INDEX "tax_rules_country" ON "tax_rules" USING btree ("website_id","country");