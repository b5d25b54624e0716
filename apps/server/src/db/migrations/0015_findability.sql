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
-- The file type group of an extension: mirrors fileTypeGroup in @emblem/core (files/types.ts); a test compares them.
CREATE OR REPLACE FUNCTION asset_search_file_type_group(ext text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE lower(coalesce(ext, ''))
    WHEN 'bmp' THEN 'images' WHEN 'dng' THEN 'images' WHEN 'eps' THEN 'images' WHEN 'gif' THEN 'images'
    WHEN 'ico' THEN 'images' WHEN 'jpeg' THEN 'images' WHEN 'jpg' THEN 'images' WHEN 'png' THEN 'images'
    WHEN 'psd' THEN 'images' WHEN 'psb' THEN 'images' WHEN 'svg' THEN 'images' WHEN 'tif' THEN 'images'
    WHEN 'tiff' THEN 'images' WHEN 'webp' THEN 'images' WHEN 'heif' THEN 'images' WHEN 'heic' THEN 'images'
    WHEN 'avi' THEN 'video' WHEN 'flv' THEN 'video' WHEN 'm4v' THEN 'video' WHEN 'mkv' THEN 'video'
    WHEN 'mov' THEN 'video' WHEN 'mp4' THEN 'video' WHEN 'mpg' THEN 'video' WHEN 'mts' THEN 'video'
    WHEN 'webm' THEN 'video' WHEN 'wmv' THEN 'video'
    WHEN 'aac' THEN 'audio' WHEN 'ac3' THEN 'audio' WHEN 'aif' THEN 'audio' WHEN 'aifc' THEN 'audio'
    WHEN 'aiff' THEN 'audio' WHEN 'flac' THEN 'audio' WHEN 'm4a' THEN 'audio' WHEN 'm4r' THEN 'audio'
    WHEN 'mp3' THEN 'audio' WHEN 'ogg' THEN 'audio' WHEN 'wav' THEN 'audio'
    WHEN 'doc' THEN 'documents' WHEN 'docx' THEN 'documents' WHEN 'dot' THEN 'documents' WHEN 'dotx' THEN 'documents'
    WHEN 'pdf' THEN 'documents' WHEN 'pot' THEN 'documents' WHEN 'potx' THEN 'documents' WHEN 'ppt' THEN 'documents'
    WHEN 'pptx' THEN 'documents' WHEN 'xls' THEN 'documents' WHEN 'xlsx' THEN 'documents' WHEN 'xlt' THEN 'documents'
    WHEN 'xltx' THEN 'documents' WHEN 'ai' THEN 'documents'
    WHEN 'template' THEN 'special' WHEN 'design' THEN 'special' WHEN 'artboard' THEN 'special'
    ELSE 'other'
  END
$$;
--> statement-breakpoint
-- The asset type (AssetResponse.type): mirrors assetTypeOf in @emblem/core, and link assets are EmbeddedContent.
CREATE OR REPLACE FUNCTION asset_search_kind(ext text, object_type text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN object_type = 'URL' THEN 'EmbeddedContent' ELSE
    CASE asset_search_file_type_group(ext)
      WHEN 'images' THEN 'Image' WHEN 'video' THEN 'Video' WHEN 'audio' THEN 'Audio' WHEN 'documents' THEN 'Document'
      ELSE 'File'
    END
  END
$$;
--> statement-breakpoint
-- A colour #rrggbb in CIELAB (sRGB, D65), for "near this colour" by CIE76 ΔE; nulls for anything else.
-- The colour is #rrggbb, or rgba(r,g,b,a) as processing stores the dominant colour (media/pixels.ts).
CREATE OR REPLACE FUNCTION asset_search_lab(hex text, OUT l real, OUT a real, OUT b real) LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  c float8[];
  m text[];
  x float8; y float8; z float8;
BEGIN
  IF hex ~ '^#[0-9a-fA-F]{6}$' THEN
    c := ARRAY[
      ('x' || substr(hex, 2, 2))::bit(8)::int / 255.0,
      ('x' || substr(hex, 4, 2))::bit(8)::int / 255.0,
      ('x' || substr(hex, 6, 2))::bit(8)::int / 255.0];
  ELSE
    m := regexp_match(hex, '^rgba?\(\s*([0-9]{1,3})\s*,\s*([0-9]{1,3})\s*,\s*([0-9]{1,3})\s*(,\s*[0-9.]+\s*)?\)$');
    IF m IS NULL OR greatest(m[1]::int, m[2]::int, m[3]::int) > 255 THEN
      RETURN;
    END IF;
    c := ARRAY[m[1]::int / 255.0, m[2]::int / 255.0, m[3]::int / 255.0];
  END IF;
  FOR i IN 1..3 LOOP
    c[i] := CASE WHEN c[i] <= 0.04045 THEN c[i] / 12.92 ELSE power((c[i] + 0.055) / 1.055, 2.4) END;
  END LOOP;
  x := (c[1] * 0.4124564 + c[2] * 0.3575761 + c[3] * 0.1804375) / 0.95047;
  y := (c[1] * 0.2126729 + c[2] * 0.7151522 + c[3] * 0.0721750);
  z := (c[1] * 0.0193339 + c[2] * 0.1191920 + c[3] * 0.9503041) / 1.08883;
  x := CASE WHEN x > 0.008856 THEN cbrt(x) ELSE 7.787 * x + 16.0 / 116 END;
  y := CASE WHEN y > 0.008856 THEN cbrt(y) ELSE 7.787 * y + 16.0 / 116 END;
  z := CASE WHEN z > 0.008856 THEN cbrt(z) ELSE 7.787 * z + 16.0 / 116 END;
  l := 116 * y - 16;
  a := 500 * (x - y);
  b := 200 * (y - z);
END
$$;
--> statement-breakpoint
-- Rebuilds the search rows of these assets from the asset, its current revision and file, its tags and its values
-- of searchable custom metadata (decision 0039). Text search configuration 'simple' over unaccent: every language
-- is matched the same way, without stemming.
CREATE OR REPLACE FUNCTION asset_search_refresh(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO asset_search AS s (asset_id, project_id, document, words, kind, extension, size, width, height, orientation,
      color_l, color_a, color_b, sha256, phash)
  SELECT a.id, a.project_id,
      setweight(to_tsvector('simple', unaccent(a.title)), 'A')
        || setweight(to_tsvector('simple', unaccent(coalesce(t.tags, '') || ' '
             || coalesce(regexp_replace(f.original_name, '[[:punct:]]+', ' ', 'g'), ''))), 'B')
        || setweight(to_tsvector('simple', unaccent(a.description || ' ' || coalesce(cm.words, ''))), 'C')
        || setweight(to_tsvector('simple', unaccent(left(coalesce(r.extracted_text, ''), 50000))), 'D'),
      lower(unaccent(a.title || ' ' || coalesce(t.tags, ''))),
      asset_search_kind(f.extension, a.object_type),
      lower(f.extension),
      f.size,
      d.width, d.height,
      CASE WHEN d.width > 0 AND d.height > 0 THEN
        CASE WHEN d.width > d.height THEN 'LANDSCAPE' WHEN d.width < d.height THEN 'PORTRAIT' ELSE 'SQUARE' END
      END,
      lab.l, lab.a, lab.b,
      f.sha256,
      CASE WHEN r.perceptual_hash ~ '^[0-9a-fA-F]{1,16}$' THEN ('x' || lpad(r.perceptual_hash, 16, '0'))::bit(64)::bigint END
    FROM assets a
    LEFT JOIN asset_revisions r ON r.id = a.current_revision_id
    LEFT JOIN files f ON f.id = r.file_id
    CROSS JOIN LATERAL (SELECT
        CASE WHEN jsonb_typeof(r.metadata -> 'width') = 'number' THEN round((r.metadata ->> 'width')::numeric)::int END AS width,
        CASE WHEN jsonb_typeof(r.metadata -> 'height') = 'number' THEN round((r.metadata ->> 'height')::numeric)::int END AS height) d
    CROSS JOIN LATERAL asset_search_lab(r.preview_background_color) lab
    LEFT JOIN LATERAL (SELECT string_agg(at.value, ' ' ORDER BY at.key) AS tags FROM asset_tags at WHERE at.asset_id = a.id) t ON true
    LEFT JOIN LATERAL (SELECT string_agg(
          CASE WHEN p.type IN ('SELECT', 'MULTISELECT') THEN
            (SELECT string_agg(o.value, ' ') FROM custom_metadata_property_options o
              WHERE o.property_id = p.id AND (m.value @> to_jsonb(o.id) OR m.value = to_jsonb(o.id)))
          WHEN jsonb_typeof(m.value) IN ('string', 'number') THEN m.value #>> '{}'
          END, ' ') AS words
        FROM asset_custom_metadata m JOIN custom_metadata_properties p ON p.id = m.property_id
        WHERE m.asset_id = a.id AND p.is_searchable AND p.is_viewable) cm ON true
    WHERE a.id = ANY(ids)
  ON CONFLICT (asset_id) DO UPDATE SET
    project_id = excluded.project_id, document = excluded.document, words = excluded.words, kind = excluded.kind,
    extension = excluded.extension, size = excluded.size, width = excluded.width, height = excluded.height,
    orientation = excluded.orientation, color_l = excluded.color_l, color_a = excluded.color_a, color_b = excluded.color_b,
    sha256 = excluded.sha256, phash = excluded.phash;
END
$$;
--> statement-breakpoint
-- Statement-level triggers: one refresh per statement whatever the number of rows (bulk tagging stays one statement).
CREATE OR REPLACE FUNCTION asset_search_on_assets_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM asset_search_refresh(array(SELECT id FROM new_rows));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER asset_search_assets_insert AFTER INSERT ON assets REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION asset_search_on_assets_insert();
--> statement-breakpoint
-- Only changes the index holds: trashing, positions and the like leave it alone (search joins assets for those).
CREATE OR REPLACE FUNCTION asset_search_on_assets_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM asset_search_refresh(array(
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.title, n.description, n.project_id, n.current_revision_id, n.object_type)
      IS DISTINCT FROM (o.title, o.description, o.project_id, o.current_revision_id, o.object_type)));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER asset_search_assets_update AFTER UPDATE ON assets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION asset_search_on_assets_update();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION asset_search_on_revisions_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM asset_search_refresh(array(
    SELECT DISTINCT a.id FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN assets a ON a.current_revision_id = n.id
    WHERE (n.metadata, n.preview_background_color, n.perceptual_hash, n.extracted_text, n.file_id)
      IS DISTINCT FROM (o.metadata, o.preview_background_color, o.perceptual_hash, o.extracted_text, o.file_id)));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER asset_search_revisions_update AFTER UPDATE ON asset_revisions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION asset_search_on_revisions_update();
--> statement-breakpoint
-- Tags and custom metadata values: the assets of the rows written (one function for both tables, both have asset_id).
CREATE OR REPLACE FUNCTION asset_search_on_asset_rows_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM asset_search_refresh(array(SELECT DISTINCT asset_id FROM new_rows));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION asset_search_on_asset_rows_old() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM asset_search_refresh(array(SELECT DISTINCT asset_id FROM old_rows));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION asset_search_on_asset_rows_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM asset_search_refresh(array(SELECT asset_id FROM new_rows UNION SELECT asset_id FROM old_rows));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER asset_search_tags_insert AFTER INSERT ON asset_tags REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION asset_search_on_asset_rows_new();
--> statement-breakpoint
CREATE TRIGGER asset_search_tags_update AFTER UPDATE ON asset_tags REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION asset_search_on_asset_rows_update();
--> statement-breakpoint
CREATE TRIGGER asset_search_tags_delete AFTER DELETE ON asset_tags REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION asset_search_on_asset_rows_old();
--> statement-breakpoint
CREATE TRIGGER asset_search_metadata_insert AFTER INSERT ON asset_custom_metadata REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION asset_search_on_asset_rows_new();
--> statement-breakpoint
CREATE TRIGGER asset_search_metadata_update AFTER UPDATE ON asset_custom_metadata REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION asset_search_on_asset_rows_update();
--> statement-breakpoint
CREATE TRIGGER asset_search_metadata_delete AFTER DELETE ON asset_custom_metadata REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION asset_search_on_asset_rows_old();
--> statement-breakpoint
-- A property made searchable or viewable or not: the assets with a value of it (hidden values are not words).
CREATE OR REPLACE FUNCTION asset_search_on_properties_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM asset_search_refresh(array(
    SELECT DISTINCT m.asset_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      JOIN asset_custom_metadata m ON m.property_id = n.id
    WHERE (n.is_searchable, n.is_viewable) IS DISTINCT FROM (o.is_searchable, o.is_viewable)));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER asset_search_properties_update AFTER UPDATE ON custom_metadata_properties
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION asset_search_on_properties_update();
--> statement-breakpoint
-- An option renamed: the assets whose value holds it (a SELECT value is one option id, a MULTISELECT value a list).
CREATE OR REPLACE FUNCTION asset_search_on_options_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM asset_search_refresh(array(
    SELECT DISTINCT m.asset_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      JOIN asset_custom_metadata m ON m.property_id = n.property_id
        AND (m.value @> jsonb_build_array(n.id) OR m.value = to_jsonb(n.id))
    WHERE n.value IS DISTINCT FROM o.value));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER asset_search_options_update AFTER UPDATE ON custom_metadata_property_options
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION asset_search_on_options_update();
--> statement-breakpoint
SELECT asset_search_refresh(array(SELECT id FROM assets));
