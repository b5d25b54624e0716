CREATE TABLE "guideline_block_refs" (
	"block_id" integer NOT NULL,
	"kind" text NOT NULL,
	"target_id" integer NOT NULL,
	CONSTRAINT "guideline_block_refs_block_id_kind_target_id_pk" PRIMARY KEY("block_id","kind","target_id")
);
--> statement-breakpoint
CREATE TABLE "guideline_blocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"section_id" integer NOT NULL,
	"column" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"type" text NOT NULL,
	"settings" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"created_by" integer,
	"modified_by" integer,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guideline_documents" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"portal_id" integer NOT NULL,
	"slug" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"content_version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guideline_headings" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"page_id" integer NOT NULL,
	"section_id" integer,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guideline_page_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"page_id" integer NOT NULL,
	"summary" text NOT NULL,
	"content" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guideline_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"type" text DEFAULT 'DEFAULT' NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guideline_sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"page_id" integer NOT NULL,
	"column_proportions" jsonb DEFAULT '[1]'::jsonb NOT NULL,
	"group_id" text,
	"tab_title" text,
	"position" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "portals" ADD COLUMN "cover_settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "guideline_block_refs" ADD CONSTRAINT "guideline_block_refs_block_id_guideline_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."guideline_blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guideline_blocks" ADD CONSTRAINT "guideline_blocks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guideline_blocks" ADD CONSTRAINT "guideline_blocks_section_id_guideline_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."guideline_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guideline_blocks" ADD CONSTRAINT "guideline_blocks_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guideline_blocks" ADD CONSTRAINT "guideline_blocks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guideline_blocks" ADD CONSTRAINT "guideline_blocks_modified_by_users_id_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guideline_documents" ADD CONSTRAINT "guideline_documents_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guideline_documents" ADD CONSTRAINT "guideline_documents_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guideline_documents" ADD CONSTRAINT "guideline_documents_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guideline_headings" ADD CONSTRAINT "guideline_headings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guideline_headings" ADD CONSTRAINT "guideline_headings_page_id_guideline_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."guideline_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guideline_headings" ADD CONSTRAINT "guideline_headings_section_id_guideline_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."guideline_sections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guideline_headings" ADD CONSTRAINT "guideline_headings_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guideline_page_revisions" ADD CONSTRAINT "guideline_page_revisions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guideline_page_revisions" ADD CONSTRAINT "guideline_page_revisions_page_id_guideline_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."guideline_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guideline_page_revisions" ADD CONSTRAINT "guideline_page_revisions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guideline_pages" ADD CONSTRAINT "guideline_pages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guideline_pages" ADD CONSTRAINT "guideline_pages_document_id_projects_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guideline_pages" ADD CONSTRAINT "guideline_pages_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guideline_sections" ADD CONSTRAINT "guideline_sections_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guideline_sections" ADD CONSTRAINT "guideline_sections_page_id_guideline_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."guideline_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guideline_sections" ADD CONSTRAINT "guideline_sections_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guideline_block_refs_target_idx" ON "guideline_block_refs" USING btree ("kind","target_id");--> statement-breakpoint
CREATE INDEX "guideline_blocks_section_idx" ON "guideline_blocks" USING btree ("section_id","column","position");--> statement-breakpoint
CREATE UNIQUE INDEX "guideline_documents_slug_idx" ON "guideline_documents" USING btree ("portal_id","slug") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "guideline_documents_portal_idx" ON "guideline_documents" USING btree ("portal_id","position");--> statement-breakpoint
CREATE INDEX "guideline_headings_page_idx" ON "guideline_headings" USING btree ("page_id","position");--> statement-breakpoint
CREATE INDEX "guideline_page_revisions_page_idx" ON "guideline_page_revisions" USING btree ("page_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "guideline_pages_slug_idx" ON "guideline_pages" USING btree ("document_id","slug") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "guideline_pages_document_idx" ON "guideline_pages" USING btree ("document_id","position");--> statement-breakpoint
CREATE INDEX "guideline_sections_page_idx" ON "guideline_sections" USING btree ("page_id","position");