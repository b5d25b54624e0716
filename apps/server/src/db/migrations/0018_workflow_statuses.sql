CREATE TABLE "workflow_statuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"position" integer NOT NULL,
	"trigger" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_statuses_id_project_key" UNIQUE("id","project_id")
);
--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "workflow_status_id" integer;--> statement-breakpoint
ALTER TABLE "workflow_statuses" ADD CONSTRAINT "workflow_statuses_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workflow_statuses_project_idx" ON "workflow_statuses" USING btree ("project_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_statuses_one_approved_idx" ON "workflow_statuses" USING btree ("project_id") WHERE "workflow_statuses"."trigger" = 'APPROVED';--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_workflow_status_fk" FOREIGN KEY ("workflow_status_id","project_id") REFERENCES "public"."workflow_statuses"("id","project_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assets_workflow_status_idx" ON "assets" USING btree ("workflow_status_id") WHERE "assets"."workflow_status_id" is not null;--> statement-breakpoint
-- Existing workspace projects get the statuses new ones start with (core DEFAULT_WORKFLOW_STATUSES; decision 0045).
INSERT INTO "workflow_statuses" ("project_id", "name", "color", "position", "trigger")
SELECT p."id", d."name", d."color", d."position", d."trigger"
FROM "projects" p
CROSS JOIN (VALUES
	('Briefing', '#9ca3af', 0, NULL),
	('In progress', '#3b82f6', 1, NULL),
	('In review', '#f59e0b', 2, NULL),
	('Approved', '#22c55e', 3, 'APPROVED')
) AS d("name", "color", "position", "trigger")
WHERE p."project_type" = 'WORKSPACE'
ORDER BY p."id", d."position";
