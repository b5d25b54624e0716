CREATE TABLE "portals" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"title" text NOT NULL,
	"visibility" text DEFAULT 'ACCOUNT' NOT NULL,
	"token" text NOT NULL,
	"blueprint_name" text,
	"i18n_enabled" boolean DEFAULT false NOT NULL,
	"languages" jsonb DEFAULT '["en"]'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portals_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "portals" ADD CONSTRAINT "portals_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portals" ADD CONSTRAINT "portals_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portals" ADD CONSTRAINT "portals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portals_brand_idx" ON "portals" USING btree ("brand_id","position");