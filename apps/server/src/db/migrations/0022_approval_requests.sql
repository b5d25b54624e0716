CREATE TABLE "approval_request_assets" (
	"request_id" integer NOT NULL,
	"asset_id" integer NOT NULL,
	CONSTRAINT "approval_request_assets_request_id_asset_id_pk" PRIMARY KEY("request_id","asset_id")
);
--> statement-breakpoint
CREATE TABLE "approval_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"mode" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"due_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "approval_reviewers" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"user_id" integer,
	"group_id" integer,
	"vote" text,
	"comment" text,
	"voted_by" integer,
	"voted_at" timestamp with time zone,
	CONSTRAINT "approval_reviewers_one_kind" CHECK (("approval_reviewers"."user_id" is null) <> ("approval_reviewers"."group_id" is null))
);
--> statement-breakpoint
ALTER TABLE "approval_request_assets" ADD CONSTRAINT "approval_request_assets_request_id_approval_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."approval_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_request_assets" ADD CONSTRAINT "approval_request_assets_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_reviewers" ADD CONSTRAINT "approval_reviewers_request_id_approval_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."approval_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_reviewers" ADD CONSTRAINT "approval_reviewers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_reviewers" ADD CONSTRAINT "approval_reviewers_group_id_user_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."user_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_reviewers" ADD CONSTRAINT "approval_reviewers_voted_by_users_id_fk" FOREIGN KEY ("voted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_request_assets_asset_idx" ON "approval_request_assets" USING btree ("asset_id");--> statement-breakpoint
CREATE INDEX "approval_requests_project_idx" ON "approval_requests" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "approval_requests_open_due_idx" ON "approval_requests" USING btree ("due_at") WHERE "approval_requests"."status" = 'OPEN';--> statement-breakpoint
CREATE UNIQUE INDEX "approval_reviewers_user_idx" ON "approval_reviewers" USING btree ("request_id","user_id") WHERE "approval_reviewers"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "approval_reviewers_group_idx" ON "approval_reviewers" USING btree ("request_id","group_id") WHERE "approval_reviewers"."group_id" is not null;--> statement-breakpoint
CREATE INDEX "approval_reviewers_user_lookup_idx" ON "approval_reviewers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "events_subject_idx" ON "events" USING btree ("subject_type","subject_id","id");