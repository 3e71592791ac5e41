ALTER TABLE "blobs" DROP CONSTRAINT "blobs_website_id_websites_id_fk";
