CREATE TABLE "product_redirects" (
	"website_id" text NOT NULL,
	"from_path" text NOT NULL,
	"product_id" text NOT NULL,
	CONSTRAINT "product_redirects_website_id_from_path_pk" PRIMARY KEY("website_id","from_path")
);
--> statement-breakpoint
ALTER TABLE "product_redirects" ADD CONSTRAINT "product_redirects_website_id_product_id_products_website_id_id_fk" FOREIGN KEY ("website_id","product_id") REFERENCES "public"."products"("website_id","id") ON DELETE cascade ON UPDATE no action;