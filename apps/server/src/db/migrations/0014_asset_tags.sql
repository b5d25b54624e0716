CREATE TABLE "asset_tags" (
	"asset_id" integer NOT NULL,
	"value" text NOT NULL,
	"key" text NOT NULL,
	"source" text NOT NULL,
	"engine" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_tags_asset_id_key_pk" PRIMARY KEY("asset_id","key")
);
--> statement-breakpoint
ALTER TABLE "asset_tags" ADD CONSTRAINT "asset_tags_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_tags" ADD CONSTRAINT "asset_tags_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asset_tags_key_idx" ON "asset_tags" USING btree ("key" text_pattern_ops);