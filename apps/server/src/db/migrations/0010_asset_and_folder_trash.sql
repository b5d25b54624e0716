ALTER TABLE "assets" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "deleted_by" integer;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "trashed_with" integer;--> statement-breakpoint
ALTER TABLE "sets" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sets" ADD COLUMN "deleted_by" integer;--> statement-breakpoint
ALTER TABLE "sets" ADD COLUMN "trash_root_id" integer;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sets" ADD CONSTRAINT "sets_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assets_trash_idx" ON "assets" USING btree ("project_id","deleted_at") WHERE "assets"."deleted_at" is not null;