ALTER TABLE "files" ADD COLUMN "upload_token_hash" text;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "uploaded_via_token_id" integer;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_uploaded_via_token_id_api_tokens_id_fk" FOREIGN KEY ("uploaded_via_token_id") REFERENCES "public"."api_tokens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_upload_token_hash_unique" UNIQUE("upload_token_hash");--> statement-breakpoint
-- Files that existed before upload tokens were either in use or unnamed by any token: none can be claimed again.
UPDATE "files" SET "claimed_at" = "created_at";
