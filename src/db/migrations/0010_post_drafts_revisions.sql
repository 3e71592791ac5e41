CREATE TABLE "post_drafts" (
	"website_id" text NOT NULL,
	"item_id" text NOT NULL,
	"sections" jsonb NOT NULL,
	"version" integer NOT NULL,
	"published_version" integer NOT NULL,
	"saved_at" timestamp with time zone NOT NULL,
	"saved_by" text,
	"recent_changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "post_drafts_website_id_item_id_pk" PRIMARY KEY("website_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "post_revisions" (
	"website_id" text NOT NULL,
	"item_id" text NOT NULL,
	"revision" integer NOT NULL,
	"sections" jsonb NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"published_by" text,
	CONSTRAINT "post_revisions_website_id_item_id_revision_pk" PRIMARY KEY("website_id","item_id","revision")
);
--> statement-breakpoint
ALTER TABLE "post_drafts" ADD CONSTRAINT "post_drafts_saved_by_accounts_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_drafts" ADD CONSTRAINT "post_drafts_website_id_item_id_collection_items_website_id_id_fk" FOREIGN KEY ("website_id","item_id") REFERENCES "public"."collection_items"("website_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_revisions" ADD CONSTRAINT "post_revisions_published_by_accounts_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_revisions" ADD CONSTRAINT "post_revisions_website_id_item_id_collection_items_website_id_id_fk" FOREIGN KEY ("website_id","item_id") REFERENCES "public"."collection_items"("website_id","id") ON DELETE cascade ON UPDATE no action;