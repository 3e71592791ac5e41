CREATE TABLE "captcha_spent" (
	"challenge_hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_submission_keys" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"website_id" text NOT NULL,
	"crumb_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "form_submissions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"website_id" text NOT NULL,
	"form_id" text NOT NULL,
	"fields" jsonb NOT NULL,
	"values" jsonb NOT NULL,
	"page" jsonb NOT NULL,
	"emails" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscribers" (
	"website_id" text NOT NULL,
	"list_id" text NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"status" text NOT NULL,
	"confirm_token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	CONSTRAINT "newsletter_subscribers_website_id_list_id_email_pk" PRIMARY KEY("website_id","list_id","email")
);
--> statement-breakpoint
CREATE TABLE "site_captcha" (
	"website_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"site_key" text NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "form_submission_keys" ADD CONSTRAINT "form_submission_keys_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD CONSTRAINT "newsletter_subscribers_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_captcha" ADD CONSTRAINT "site_captcha_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_submission_keys_expiry" ON "form_submission_keys" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "form_submissions_form" ON "form_submissions" USING btree ("website_id","form_id","created_at");--> statement-breakpoint
CREATE INDEX "form_submissions_emails" ON "form_submissions" USING gin ("emails");--> statement-breakpoint
CREATE INDEX "newsletter_confirm_token" ON "newsletter_subscribers" USING btree ("confirm_token_hash");