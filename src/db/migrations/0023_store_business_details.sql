ALTER TABLE "stores" ADD COLUMN "business_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "business_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "vat_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "census_events_quick_views" ON "census_events" USING btree ("website_id","day") WHERE "census_events"."kind" = 'quick-view';--> statement-breakpoint
CREATE INDEX "census_hits_product_views" ON "census_hits" USING btree ("website_id","day") WHERE "census_hits"."event" = 1 AND "census_hits"."record_type" = 5;