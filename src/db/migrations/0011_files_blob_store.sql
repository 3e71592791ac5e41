CREATE TABLE "blobs" (
	"website_id" text NOT NULL,
	"path" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blobs_website_id_path_pk" PRIMARY KEY("website_id","path")
);
--> statement-breakpoint
CREATE TABLE "blob_chunks" (
	"website_id" text NOT NULL,
	"path" text NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "blob_chunks_website_id_path_seq_pk" PRIMARY KEY("website_id","path","seq")
);
--> statement-breakpoint
ALTER TABLE "blobs" ADD CONSTRAINT "blobs_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blob_chunks" ADD CONSTRAINT "blob_chunks_website_id_path_blobs_website_id_path_fk" FOREIGN KEY ("website_id","path") REFERENCES "public"."blobs"("website_id","path") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Resized copies made on request are caches: the image pipeline makes the new variants.
ALTER TABLE "file_variants" DROP CONSTRAINT "file_variants_website_id_name_files_website_id_name_fk";--> statement-breakpoint
ALTER TABLE "file_variants" DROP CONSTRAINT "file_variants_website_id_name_width_pk";--> statement-breakpoint
DELETE FROM "file_variants";--> statement-breakpoint
ALTER TABLE "file_variants" DROP COLUMN "name";--> statement-breakpoint
ALTER TABLE "file_variants" DROP COLUMN "data";--> statement-breakpoint
ALTER TABLE "file_variants" ADD COLUMN "file_id" text NOT NULL;--> statement-breakpoint
ALTER TABLE "file_variants" ADD COLUMN "height" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "file_variants" ADD COLUMN "format" text NOT NULL;--> statement-breakpoint
ALTER TABLE "file_variants" ADD COLUMN "blob_path" text NOT NULL;--> statement-breakpoint
ALTER TABLE "file_variants" ADD COLUMN "size" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "files" DROP CONSTRAINT "files_website_id_name_pk";--> statement-breakpoint
ALTER TABLE "files" ALTER COLUMN "data" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "id" text DEFAULT gen_random_uuid()::text NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "size" bigint;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "blob_path" text;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "status" text DEFAULT 'ready' NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "alt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "focal_x" real;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "focal_y" real;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_website_id_id_pk" PRIMARY KEY("website_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "files_website_name" ON "files" USING btree ("website_id","name");--> statement-breakpoint
ALTER TABLE "file_variants" ADD CONSTRAINT "file_variants_website_id_file_id_width_format_pk" PRIMARY KEY("website_id","file_id","width","format");--> statement-breakpoint
ALTER TABLE "file_variants" ADD CONSTRAINT "file_variants_website_id_file_id_files_website_id_id_fk" FOREIGN KEY ("website_id","file_id") REFERENCES "public"."files"("website_id","id") ON DELETE cascade ON UPDATE no action;
