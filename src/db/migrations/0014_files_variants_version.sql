ALTER TABLE "files" ADD COLUMN "variants_version" integer;--> statement-breakpoint
CREATE INDEX "files_sha256" ON "files" USING btree ("sha256");--> statement-breakpoint
-- The variants made so far are the first pipeline version's (IMAGE_PIPELINE_VERSION = 1).
UPDATE "files" SET "variants_version" = 1 WHERE "status" = 'ready' AND EXISTS (SELECT 1 FROM "file_variants" v WHERE v."website_id" = "files"."website_id" AND v."file_id" = "files"."id");
