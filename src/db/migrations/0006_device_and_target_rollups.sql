CREATE TABLE "census_target_daily" (
	"website_id" text NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"target_id" text NOT NULL,
	"label" text NOT NULL,
	"link" text NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "census_target_daily_website_id_day_kind_target_id_pk" PRIMARY KEY("website_id","day","kind","target_id")
);
--> statement-breakpoint
CREATE TABLE "device_daily" (
	"website_id" text NOT NULL,
	"day" date NOT NULL,
	"device" text NOT NULL,
	"viewport_band" integer NOT NULL,
	"page_views" bigint NOT NULL,
	"visits" bigint NOT NULL,
	CONSTRAINT "device_daily_website_id_day_device_viewport_band_pk" PRIMARY KEY("website_id","day","device","viewport_band")
);
