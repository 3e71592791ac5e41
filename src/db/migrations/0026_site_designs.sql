CREATE TABLE "site_design_drafts" (
	"website_id" text NOT NULL,
	"design_id" text NOT NULL,
	"design" jsonb NOT NULL,
	"version" integer NOT NULL,
	"published_version" integer NOT NULL,
	"saved_at" timestamp with time zone NOT NULL,
	"saved_by" text,
	"recent_changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "site_design_drafts_website_id_design_id_pk" PRIMARY KEY("website_id","design_id")
);
--> statement-breakpoint
CREATE TABLE "site_design_revisions" (
	"website_id" text NOT NULL,
	"design_id" text NOT NULL,
	"revision" integer NOT NULL,
	"design" jsonb NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"published_by" text,
	CONSTRAINT "site_design_revisions_website_id_design_id_revision_pk" PRIMARY KEY("website_id","design_id","revision")
);
--> statement-breakpoint
CREATE TABLE "site_designs" (
	"website_id" text NOT NULL,
	"id" text DEFAULT 'design' NOT NULL,
	"design" jsonb NOT NULL,
	"starting" jsonb NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	CONSTRAINT "site_designs_website_id_id_pk" PRIMARY KEY("website_id","id")
);
--> statement-breakpoint
ALTER TABLE "site_design_drafts" ADD CONSTRAINT "site_design_drafts_saved_by_accounts_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_design_drafts" ADD CONSTRAINT "site_design_drafts_website_id_design_id_site_designs_website_id_id_fk" FOREIGN KEY ("website_id","design_id") REFERENCES "public"."site_designs"("website_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_design_revisions" ADD CONSTRAINT "site_design_revisions_published_by_accounts_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_design_revisions" ADD CONSTRAINT "site_design_revisions_website_id_design_id_site_designs_website_id_id_fk" FOREIGN KEY ("website_id","design_id") REFERENCES "public"."site_designs"("website_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_designs" ADD CONSTRAINT "site_designs_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;