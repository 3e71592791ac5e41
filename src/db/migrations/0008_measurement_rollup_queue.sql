CREATE TABLE "measurement_rollup_queue" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rollups" jsonb NOT NULL
);
