CREATE TABLE "asset_licences" (
	"asset_id" integer NOT NULL,
	"licence_id" integer NOT NULL,
	CONSTRAINT "asset_licences_asset_id_licence_id_pk" PRIMARY KEY("asset_id","licence_id")
);
--> statement-breakpoint
CREATE TABLE "consent_acceptances" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer,
	"share_link_id" integer,
	"licence_id" integer,
	"licence_title" text NOT NULL,
	"asset_ids" integer[] DEFAULT '{}' NOT NULL,
	"asset_titles" text[] DEFAULT '{}' NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "licences" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"title" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"require_consensus" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "permission_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"asset_ids" integer[] NOT NULL,
	"permission_level" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "permission_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "submission_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"set_id" integer,
	"title" text NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"deadline_at" timestamp with time zone,
	"grace_hours" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submission_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "submission_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "expiry_recorded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "download_consent_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "submission_status" text;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "submission_request_id" integer;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "submitted_by_name" text;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "submitted_by_email" text;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "submitted_late" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "asset_licences" ADD CONSTRAINT "asset_licences_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_licences" ADD CONSTRAINT "asset_licences_licence_id_licences_id_fk" FOREIGN KEY ("licence_id") REFERENCES "public"."licences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_acceptances" ADD CONSTRAINT "consent_acceptances_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_acceptances" ADD CONSTRAINT "consent_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_acceptances" ADD CONSTRAINT "consent_acceptances_share_link_id_share_links_id_fk" FOREIGN KEY ("share_link_id") REFERENCES "public"."share_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_acceptances" ADD CONSTRAINT "consent_acceptances_licence_id_licences_id_fk" FOREIGN KEY ("licence_id") REFERENCES "public"."licences"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_tokens" ADD CONSTRAINT "permission_tokens_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_tokens" ADD CONSTRAINT "permission_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_requests" ADD CONSTRAINT "submission_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_requests" ADD CONSTRAINT "submission_requests_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_requests" ADD CONSTRAINT "submission_requests_set_id_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_requests" ADD CONSTRAINT "submission_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_tokens" ADD CONSTRAINT "submission_tokens_request_id_submission_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."submission_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_tokens" ADD CONSTRAINT "submission_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asset_licences_licence_idx" ON "asset_licences" USING btree ("licence_id");--> statement-breakpoint
CREATE INDEX "consent_acceptances_account_idx" ON "consent_acceptances" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "licences_account_idx" ON "licences" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "permission_tokens_account_idx" ON "permission_tokens" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "submission_requests_project_idx" ON "submission_requests" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "submission_tokens_request_idx" ON "submission_tokens" USING btree ("request_id");--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_submission_request_id_submission_requests_id_fk" FOREIGN KEY ("submission_request_id") REFERENCES "public"."submission_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assets_expires_idx" ON "assets" USING btree ("expires_at") WHERE "assets"."expires_at" is not null;