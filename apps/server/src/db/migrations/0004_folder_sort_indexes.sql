DROP INDEX "assets_project_set_idx";--> statement-breakpoint
CREATE INDEX "assets_folder_position_idx" ON "assets" USING btree ("project_id","set_id","position","id");--> statement-breakpoint
CREATE INDEX "assets_folder_title_idx" ON "assets" USING btree ("project_id","set_id",lower("title"),"id");--> statement-breakpoint
CREATE INDEX "assets_folder_created_idx" ON "assets" USING btree ("project_id","set_id","id");