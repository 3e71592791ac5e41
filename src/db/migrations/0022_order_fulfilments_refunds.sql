CREATE TABLE "fulfilments" (
	"website_id" text NOT NULL,
	"id" text NOT NULL,
	"order_id" text NOT NULL,
	"lines" jsonb NOT NULL,
	"carrier" text DEFAULT '' NOT NULL,
	"tracking_number" text DEFAULT '' NOT NULL,
	"tracking_url" text,
	"notified" boolean DEFAULT false NOT NULL,
	"account_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fulfilments_website_id_id_pk" PRIMARY KEY("website_id","id")
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"website_id" text NOT NULL,
	"order_id" text NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "order_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"account_id" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "order_events_website_id_order_id_id_pk" PRIMARY KEY("website_id","order_id","id")
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"website_id" text NOT NULL,
	"id" text NOT NULL,
	"order_id" text NOT NULL,
	"refund_key" text NOT NULL,
	"lines" jsonb NOT NULL,
	"shipping_cents" integer DEFAULT 0 NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"provider_refund_id" text,
	"failure" text,
	"account_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_website_id_id_pk" PRIMARY KEY("website_id","id"),
	CONSTRAINT "refunds_amount" CHECK ("refunds"."amount_cents" > 0 AND "refunds"."shipping_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "fulfilled_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "refunded_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "restocked_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fulfilled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fulfilments" ADD CONSTRAINT "fulfilments_website_id_order_id_orders_website_id_id_fk" FOREIGN KEY ("website_id","order_id") REFERENCES "public"."orders"("website_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_website_id_order_id_orders_website_id_id_fk" FOREIGN KEY ("website_id","order_id") REFERENCES "public"."orders"("website_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_website_id_order_id_orders_website_id_id_fk" FOREIGN KEY ("website_id","order_id") REFERENCES "public"."orders"("website_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fulfilments_order" ON "fulfilments" USING btree ("website_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_key" ON "refunds" USING btree ("website_id","refund_key");--> statement-breakpoint
CREATE INDEX "refunds_order" ON "refunds" USING btree ("website_id","order_id");--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_progress" CHECK ("order_lines"."fulfilled_quantity" BETWEEN 0 AND "order_lines"."quantity" AND "order_lines"."refunded_quantity" BETWEEN 0 AND "order_lines"."quantity" AND "order_lines"."restocked_quantity" BETWEEN 0 AND "order_lines"."quantity");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded" CHECK ("orders"."refunded_cents" BETWEEN 0 AND "orders"."total_cents");