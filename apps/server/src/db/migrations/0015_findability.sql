CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE TABLE "asset_custom_metadata" (
	"asset_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"value" jsonb NOT NULL,
	"modified_by" integer,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_custom_metadata_asset_id_property_id_pk" PRIMARY KEY("asset_id","property_id")
);
--> statement-breakpoint
CREATE TABLE "custom_metadata_property_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"property_id" integer NOT NULL,
	"value" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custom_metadata_property_permissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"property_id" integer NOT NULL,
	"kind" text NOT NULL,
	"subject_group" text,
	"user_id" integer,
	"group_id" integer,
	"level" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custom_metadata_properties" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"name" text NOT NULL,
	"help_text" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"is_required" boolean DEFAULT false NOT NULL,
	"is_searchable" boolean DEFAULT true NOT NULL,
	"is_viewable" boolean DEFAULT true NOT NULL,
	"default_value" jsonb,
	"should_be_opened_in_a_new_tab" boolean DEFAULT false NOT NULL,
	"unit" text,
	"dependency_property_id" integer,
	"dependency_option_ids" jsonb,
	"position" double precision DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custom_metadata_property_projects" (
	"property_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	CONSTRAINT "custom_metadata_property_projects_property_id_project_id_pk" PRIMARY KEY("property_id","project_id")
);
--> statement-breakpoint
CREATE TABLE "asset_search" (
	"asset_id" integer PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"document" "tsvector" NOT NULL,
	"words" text DEFAULT '' NOT NULL,
	"kind" text,
	"extension" text,
	"size" bigint,
	"width" integer,
	"height" integer,
	"orientation" text,
	"color_l" real,
	"color_a" real,
	"color_b" real,
	"sha256" text,
	"phash" bigint
);
--> statement-breakpoint
ALTER TABLE "asset_revisions" ADD COLUMN "extracted_text" text;--> statement-breakpoint
ALTER TABLE "asset_custom_metadata" ADD CONSTRAINT "asset_custom_metadata_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_custom_metadata" ADD CONSTRAINT "asset_custom_metadata_property_id_custom_metadata_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."custom_metadata_properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_custom_metadata" ADD CONSTRAINT "asset_custom_metadata_modified_by_users_id_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_metadata_property_options" ADD CONSTRAINT "custom_metadata_property_options_property_id_custom_metadata_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."custom_metadata_properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_metadata_property_permissions" ADD CONSTRAINT "custom_metadata_property_permissions_property_id_custom_metadata_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."custom_metadata_properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_metadata_property_permissions" ADD CONSTRAINT "custom_metadata_property_permissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_metadata_property_permissions" ADD CONSTRAINT "custom_metadata_property_permissions_group_id_user_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."user_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_metadata_properties" ADD CONSTRAINT "custom_metadata_properties_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_metadata_properties" ADD CONSTRAINT "custom_metadata_properties_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_metadata_properties" ADD CONSTRAINT "custom_metadata_properties_dependency_property_id_custom_metadata_properties_id_fk" FOREIGN KEY ("dependency_property_id") REFERENCES "public"."custom_metadata_properties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_metadata_properties" ADD CONSTRAINT "custom_metadata_properties_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_metadata_property_projects" ADD CONSTRAINT "custom_metadata_property_projects_property_id_custom_metadata_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."custom_metadata_properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_metadata_property_projects" ADD CONSTRAINT "custom_metadata_property_projects_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_search" ADD CONSTRAINT "asset_search_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asset_custom_metadata_property_idx" ON "asset_custom_metadata" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "asset_custom_metadata_value_idx" ON "asset_custom_metadata" USING gin ("value" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "custom_metadata_property_options_property_idx" ON "custom_metadata_property_options" USING btree ("property_id","position");--> statement-breakpoint
CREATE INDEX "custom_metadata_property_permissions_property_idx" ON "custom_metadata_property_permissions" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "custom_metadata_properties_brand_idx" ON "custom_metadata_properties" USING btree ("brand_id","position","id");--> statement-breakpoint
CREATE INDEX "custom_metadata_property_projects_project_idx" ON "custom_metadata_property_projects" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "asset_search_document_idx" ON "asset_search" USING gin ("document");--> statement-breakpoint
CREATE INDEX "asset_search_words_idx" ON "asset_search" USING gin ("words" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "asset_search_project_idx" ON "asset_search" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "asset_search_sha256_idx" ON "asset_search" USING btree ("project_id","sha256");--> statement-breakpoint
CREATE INDEX "asset_search_phash_idx" ON "asset_search" USING btree ("project_id","phash");
--> statement-breakpoint
-- The search index triggers (decision 0039) follow.
