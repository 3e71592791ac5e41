CREATE TABLE "collection_items" (
	"website_id" text NOT NULL,
	"id" text NOT NULL,
	"collection_id" text NOT NULL,
	"slug" text NOT NULL,
	"path" text NOT NULL,
	"title" text NOT NULL,
	"status" smallint NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"author" text,
	"excerpt" text,
	"tags" text[] NOT NULL,
	"categories" text[] NOT NULL,
	"thumbnail" text,
	"seo" jsonb NOT NULL,
	"sections" jsonb NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "collection_items_website_id_id_pk" PRIMARY KEY("website_id","id")
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"website_id" text NOT NULL,
	"id" text NOT NULL,
	"type" smallint NOT NULL,
	"path" text NOT NULL,
	"title" text NOT NULL,
	"navigation_title" text,
	"status" smallint NOT NULL,
	"description" text,
	"url_pattern" text,
	"seo" jsonb NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "collections_website_id_id_pk" PRIMARY KEY("website_id","id")
);
--> statement-breakpoint
CREATE TABLE "file_variants" (
	"website_id" text NOT NULL,
	"name" text NOT NULL,
	"width" integer NOT NULL,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "file_variants_website_id_name_width_pk" PRIMARY KEY("website_id","name","width")
);
--> statement-breakpoint
CREATE TABLE "files" (
	"website_id" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer,
	"height" integer,
	"data" "bytea" NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "files_website_id_name_pk" PRIMARY KEY("website_id","name")
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"website_id" text NOT NULL,
	"id" text NOT NULL,
	"page_type" smallint NOT NULL,
	"path" text,
	"title" text NOT NULL,
	"navigation_title" text,
	"status" smallint NOT NULL,
	"seo" jsonb NOT NULL,
	"sections" jsonb NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "pages_website_id_id_pk" PRIMARY KEY("website_id","id")
);
--> statement-breakpoint
CREATE TABLE "redirects" (
	"website_id" text NOT NULL,
	"from_path" text NOT NULL,
	"to_url" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "redirects_website_id_from_path_pk" PRIMARY KEY("website_id","from_path")
);
--> statement-breakpoint
CREATE TABLE "site_domains" (
	"website_id" text NOT NULL,
	"host" text NOT NULL,
	CONSTRAINT "site_domains_website_id_host_pk" PRIMARY KEY("website_id","host")
);
--> statement-breakpoint
CREATE TABLE "websites" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"settings" jsonb NOT NULL,
	"navigation" jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"content_version" bigint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collection_items" ADD CONSTRAINT "collection_items_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_variants" ADD CONSTRAINT "file_variants_website_id_name_files_website_id_name_fk" FOREIGN KEY ("website_id","name") REFERENCES "public"."files"("website_id","name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redirects" ADD CONSTRAINT "redirects_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_domains" ADD CONSTRAINT "site_domains_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "collection_items_slug_key" ON "collection_items" USING btree ("website_id","collection_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "collection_items_path_key" ON "collection_items" USING btree ("website_id","path");--> statement-breakpoint
CREATE INDEX "collection_items_published" ON "collection_items" USING btree ("website_id","collection_id","published_at");--> statement-breakpoint
CREATE UNIQUE INDEX "collections_path_key" ON "collections" USING btree ("website_id","path");--> statement-breakpoint
CREATE UNIQUE INDEX "pages_path_key" ON "pages" USING btree ("website_id","path");--> statement-breakpoint
CREATE UNIQUE INDEX "site_domains_host_key" ON "site_domains" USING btree ("host");--> statement-breakpoint
CREATE UNIQUE INDEX "websites_identifier_key" ON "websites" USING btree ("identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "websites_one_default" ON "websites" USING btree ("is_default") WHERE "websites"."is_default";