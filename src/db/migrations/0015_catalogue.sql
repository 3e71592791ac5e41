CREATE TABLE "product_categories" (
	"website_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "product_categories_website_id_id_pk" PRIMARY KEY("website_id","id")
);
--> statement-breakpoint
CREATE TABLE "product_drafts" (
	"website_id" text NOT NULL,
	"product_id" text NOT NULL,
	"product" jsonb NOT NULL,
	"version" integer NOT NULL,
	"published_version" integer NOT NULL,
	"saved_at" timestamp with time zone NOT NULL,
	"saved_by" text,
	"recent_changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "product_drafts_website_id_product_id_pk" PRIMARY KEY("website_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "product_revisions" (
	"website_id" text NOT NULL,
	"product_id" text NOT NULL,
	"revision" integer NOT NULL,
	"product" jsonb NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"published_by" text,
	CONSTRAINT "product_revisions_website_id_product_id_revision_pk" PRIMARY KEY("website_id","product_id","revision")
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"website_id" text NOT NULL,
	"id" text NOT NULL,
	"product_id" text NOT NULL,
	"position" integer NOT NULL,
	"sku" text NOT NULL,
	"option_values" jsonb NOT NULL,
	"price_cents" integer NOT NULL,
	"sale_price_cents" integer DEFAULT 0 NOT NULL,
	"on_sale" boolean DEFAULT false NOT NULL,
	"unlimited" boolean DEFAULT false NOT NULL,
	"qty_in_stock" integer DEFAULT 0 NOT NULL,
	"image" text,
	"weight" real,
	"length" real,
	"width" real,
	"height" real,
	CONSTRAINT "product_variants_website_id_id_pk" PRIMARY KEY("website_id","id"),
	CONSTRAINT "product_variants_prices" CHECK ("product_variants"."price_cents" BETWEEN 0 AND 100000000 AND "product_variants"."sale_price_cents" BETWEEN 0 AND 100000000),
	CONSTRAINT "product_variants_stock" CHECK ("product_variants"."qty_in_stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"website_id" text NOT NULL,
	"id" text NOT NULL,
	"shop_id" text NOT NULL,
	"slug" text NOT NULL,
	"path" text NOT NULL,
	"name" text NOT NULL,
	"product_type" smallint NOT NULL,
	"status" smallint NOT NULL,
	"available_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"description" jsonb,
	"excerpt" text,
	"images" jsonb NOT NULL,
	"tags" text[] NOT NULL,
	"categories" text[] NOT NULL,
	"seo" jsonb NOT NULL,
	"options" jsonb NOT NULL,
	"digital_file" text,
	"position" integer NOT NULL,
	CONSTRAINT "products_website_id_id_pk" PRIMARY KEY("website_id","id")
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"website_id" text PRIMARY KEY NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"measurement_standard" smallint DEFAULT 1 NOT NULL,
	"express_checkout" boolean DEFAULT false NOT NULL,
	"minimum_subtotal_cents" integer DEFAULT 0 NOT NULL,
	"low_stock_threshold" integer DEFAULT 5 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "view_mode" text;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "private" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_drafts" ADD CONSTRAINT "product_drafts_saved_by_accounts_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_drafts" ADD CONSTRAINT "product_drafts_website_id_product_id_products_website_id_id_fk" FOREIGN KEY ("website_id","product_id") REFERENCES "public"."products"("website_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_revisions" ADD CONSTRAINT "product_revisions_published_by_accounts_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_revisions" ADD CONSTRAINT "product_revisions_website_id_product_id_products_website_id_id_fk" FOREIGN KEY ("website_id","product_id") REFERENCES "public"."products"("website_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_website_id_product_id_products_website_id_id_fk" FOREIGN KEY ("website_id","product_id") REFERENCES "public"."products"("website_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_categories_slug" ON "product_categories" USING btree ("website_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "product_categories_name" ON "product_categories" USING btree ("website_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_sku" ON "product_variants" USING btree ("website_id","sku");--> statement-breakpoint
CREATE INDEX "product_variants_product" ON "product_variants" USING btree ("website_id","product_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "products_path" ON "products" USING btree ("website_id","path");--> statement-breakpoint
CREATE UNIQUE INDEX "products_shop_slug" ON "products" USING btree ("website_id","shop_id","slug");--> statement-breakpoint
CREATE INDEX "products_shop" ON "products" USING btree ("website_id","shop_id","position");