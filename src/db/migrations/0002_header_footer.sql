ALTER TABLE "websites" ADD COLUMN "header" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "footer" jsonb DEFAULT '{}'::jsonb NOT NULL;