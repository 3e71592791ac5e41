CREATE TABLE "site_google_maps" (
	"website_id" text PRIMARY KEY NOT NULL,
	"api_key" text NOT NULL,
	"language" text,
	"region" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_google_maps" ADD CONSTRAINT "site_google_maps_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;