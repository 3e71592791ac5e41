CREATE TABLE "provider_events" (
	"website_id" text NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"action" text NOT NULL,
	"payment_id" text NOT NULL,
	"attempt_key" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_events_website_id_provider_event_id_pk" PRIMARY KEY("website_id","provider","event_id")
);
--> statement-breakpoint
ALTER TABLE "provider_events" ADD CONSTRAINT "provider_events_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_events_received" ON "provider_events" USING btree ("received_at");