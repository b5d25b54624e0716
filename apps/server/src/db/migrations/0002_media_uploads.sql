ALTER TABLE "downloads" ADD COLUMN "entry_dirs" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "tus_upload_id" text;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_tus_upload_id_unique" UNIQUE("tus_upload_id");