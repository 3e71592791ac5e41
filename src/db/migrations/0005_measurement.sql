CREATE TABLE "analytics_events" (
	"website_id" text NOT NULL,
	"day" date NOT NULL,
	"id" bigserial NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"analytics_id_hash" text NOT NULL,
	"custom_schema_name" text NOT NULL,
	"action" text NOT NULL,
	"object_type" text NOT NULL,
	"common_data" jsonb NOT NULL,
	"custom_data" jsonb NOT NULL,
	CONSTRAINT "analytics_events_website_id_day_id_pk" PRIMARY KEY("website_id","day","id")
);
--> statement-breakpoint
CREATE TABLE "campaign_daily" (
	"website_id" text NOT NULL,
	"day" date NOT NULL,
	"source" text NOT NULL,
	"campaign" text NOT NULL,
	"subcampaign" text NOT NULL,
	"channel" text NOT NULL,
	"subchannel" text NOT NULL,
	"variation" text NOT NULL,
	"mkwid" text NOT NULL,
	"hits" bigint NOT NULL,
	CONSTRAINT "campaign_daily_pk" PRIMARY KEY("website_id","day","source","campaign","subcampaign","channel","subchannel","variation","mkwid")
);
--> statement-breakpoint
CREATE TABLE "census_events" (
	"website_id" text NOT NULL,
	"day" date NOT NULL,
	"id" bigserial NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"visitor_hash" text NOT NULL,
	"page_path" text NOT NULL,
	"target_id" text NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "census_events_website_id_day_id_pk" PRIMARY KEY("website_id","day","id")
);
--> statement-breakpoint
CREATE TABLE "census_hits" (
	"website_id" text NOT NULL,
	"day" date NOT NULL,
	"id" bigserial NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"event" smallint NOT NULL,
	"visitor_hash" text NOT NULL,
	"visit_start" bigint NOT NULL,
	"new_visit" boolean NOT NULL,
	"visit_count" bigint,
	"page_path" text NOT NULL,
	"url" text NOT NULL,
	"title" text,
	"template_id" text,
	"website_locale" text,
	"member_locale" text,
	"member_account_id" text,
	"user_agent" text,
	"client_date" bigint,
	"viewport_inner_width" integer,
	"viewport_inner_height" integer,
	"screen_width" integer,
	"screen_height" integer,
	"item_id" text,
	"record_type" smallint,
	"collection_id" text,
	"page_permission_type_value" smallint,
	"local_storage_supported" boolean,
	"query_string" text,
	"referrer" text,
	"extra" jsonb NOT NULL,
	CONSTRAINT "census_hits_website_id_day_id_pk" PRIMARY KEY("website_id","day","id")
);
--> statement-breakpoint
CREATE TABLE "javascript_errors" (
	"website_id" text NOT NULL,
	"day" date NOT NULL,
	"id" bigserial NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"event" text NOT NULL,
	"app" text NOT NULL,
	"url" text NOT NULL,
	"user_agent" text,
	"template_id" text,
	"message" text NOT NULL,
	"stack" text NOT NULL,
	"file" text,
	"line" integer,
	"column" integer,
	"custom" jsonb NOT NULL,
	"client_timestamp" bigint NOT NULL,
	CONSTRAINT "javascript_errors_website_id_day_id_pk" PRIMARY KEY("website_id","day","id")
);
--> statement-breakpoint
CREATE TABLE "measurement_limits" (
	"website_id" text NOT NULL,
	"client_hash" text NOT NULL,
	"hits" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "measurement_limits_website_id_client_hash_pk" PRIMARY KEY("website_id","client_hash")
);
--> statement-breakpoint
CREATE TABLE "measurement_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_daily_stats" (
	"website_id" text NOT NULL,
	"day" date NOT NULL,
	"page_path" text NOT NULL,
	"page_views" bigint DEFAULT 0 NOT NULL,
	"visits" bigint DEFAULT 0 NOT NULL,
	"form_renders" bigint DEFAULT 0 NOT NULL,
	"button_renders" bigint DEFAULT 0 NOT NULL,
	"button_clicks" bigint DEFAULT 0 NOT NULL,
	"overlay_views" bigint DEFAULT 0 NOT NULL,
	"quick_views" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "page_daily_stats_website_id_day_page_path_pk" PRIMARY KEY("website_id","day","page_path")
);
--> statement-breakpoint
CREATE TABLE "performance_records" (
	"website_id" text NOT NULL,
	"day" date NOT NULL,
	"id" bigserial NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"page_load_id" text NOT NULL,
	"app" text NOT NULL,
	"event" text NOT NULL,
	"name" text NOT NULL,
	"value" double precision,
	"page_path" text NOT NULL,
	"client_timestamp" bigint NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "performance_records_website_id_day_id_pk" PRIMARY KEY("website_id","day","id")
);
--> statement-breakpoint
CREATE TABLE "recorded_events" (
	"website_id" text NOT NULL,
	"day" date NOT NULL,
	"id" bigserial NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"event" text NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "recorded_events_website_id_day_id_pk" PRIMARY KEY("website_id","day","id")
);
--> statement-breakpoint
CREATE TABLE "referrer_daily" (
	"website_id" text NOT NULL,
	"day" date NOT NULL,
	"referrer_host" text NOT NULL,
	"hits" bigint NOT NULL,
	CONSTRAINT "referrer_daily_website_id_day_referrer_host_pk" PRIMARY KEY("website_id","day","referrer_host")
);
--> statement-breakpoint
CREATE TABLE "trace_events" (
	"website_id" text NOT NULL,
	"day" date NOT NULL,
	"id" bigserial NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"page_url" text NOT NULL,
	"type" text NOT NULL,
	"data" jsonb,
	CONSTRAINT "trace_events_website_id_day_id_pk" PRIMARY KEY("website_id","day","id")
);
--> statement-breakpoint
CREATE TABLE "track_hits" (
	"website_id" text NOT NULL,
	"day" date NOT NULL,
	"id" bigserial NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"visitor_hash" text NOT NULL,
	"landing" text NOT NULL,
	"page_path" text NOT NULL,
	"refer" text NOT NULL,
	"referrer_host" text NOT NULL,
	"lang" text,
	"screen" text,
	"source" text,
	"campaign" text,
	"subcampaign" text,
	"channel" text,
	"subchannel" text,
	"variation" text,
	"mkwid" text,
	CONSTRAINT "track_hits_website_id_day_id_pk" PRIMARY KEY("website_id","day","id")
);
--> statement-breakpoint
CREATE TABLE "visit_starts" (
	"website_id" text NOT NULL,
	"day" date NOT NULL,
	"visitor_hash" text NOT NULL,
	"visit_start" bigint NOT NULL,
	CONSTRAINT "visit_starts_website_id_day_visitor_hash_visit_start_pk" PRIMARY KEY("website_id","day","visitor_hash","visit_start")
);
--> statement-breakpoint
CREATE TABLE "visitor_days" (
	"website_id" text NOT NULL,
	"day" date NOT NULL,
	"visitor_hash" text NOT NULL,
	CONSTRAINT "visitor_days_website_id_day_visitor_hash_pk" PRIMARY KEY("website_id","day","visitor_hash")
);
--> statement-breakpoint
CREATE TABLE "vitals_daily" (
	"website_id" text NOT NULL,
	"day" date NOT NULL,
	"page_path" text NOT NULL,
	"metric" text NOT NULL,
	"bucket" smallint NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "vitals_daily_website_id_day_page_path_metric_bucket_pk" PRIMARY KEY("website_id","day","page_path","metric","bucket")
);
