CREATE TABLE "page_drafts" (
	"website_id" text NOT NULL,
	"page_id" text NOT NULL,
	"sections" jsonb NOT NULL,
	"version" integer NOT NULL,
	"published_version" integer NOT NULL,
	"saved_at" timestamp with time zone NOT NULL,
	"saved_by" text,
	"recent_changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "page_drafts_website_id_page_id_pk" PRIMARY KEY("website_id","page_id")
);
--> statement-breakpoint
CREATE TABLE "page_revisions" (
	"website_id" text NOT NULL,
	"page_id" text NOT NULL,
	"revision" integer NOT NULL,
	"sections" jsonb NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"published_by" text,
	CONSTRAINT "page_revisions_website_id_page_id_revision_pk" PRIMARY KEY("website_id","page_id","revision")
);
--> statement-breakpoint
ALTER TABLE "page_drafts" ADD CONSTRAINT "page_drafts_saved_by_accounts_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_drafts" ADD CONSTRAINT "page_drafts_website_id_page_id_pages_website_id_id_fk" FOREIGN KEY ("website_id","page_id") REFERENCES "public"."pages"("website_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_revisions" ADD CONSTRAINT "page_revisions_published_by_accounts_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_revisions" ADD CONSTRAINT "page_revisions_website_id_page_id_pages_website_id_id_fk" FOREIGN KEY ("website_id","page_id") REFERENCES "public"."pages"("website_id","id") ON DELETE cascade ON UPDATE no action;