CREATE TABLE "search_tags" (
	"project_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "search_tags_project_id_key_pk" PRIMARY KEY("project_id","key")
);
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"project_id" integer NOT NULL,
	"term" text NOT NULL,
	CONSTRAINT "search_terms_project_id_term_pk" PRIMARY KEY("project_id","term")
);
--> statement-breakpoint
DROP INDEX "asset_search_words_idx";--> statement-breakpoint
DROP INDEX "asset_search_project_idx";--> statement-breakpoint
ALTER TABLE "asset_search" ADD COLUMN "title_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "asset_search" ADD COLUMN "live" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "asset_search" ADD COLUMN "status" text;--> statement-breakpoint
ALTER TABLE "asset_search" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "asset_search" ADD COLUMN "created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "asset_search" ADD COLUMN "modified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "asset_search" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "asset_search" ADD COLUMN "tag_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "asset_search" ADD COLUMN "option_ids" integer[] DEFAULT '{}'::int[] NOT NULL;--> statement-breakpoint
ALTER TABLE "search_tags" ADD CONSTRAINT "search_tags_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_terms" ADD CONSTRAINT "search_terms_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_tags_key_idx" ON "search_tags" USING btree ("key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "search_terms_term_idx" ON "search_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
-- The filter tokens of a search row (decision 0043): lexemes no query word can spell ('~' and ':' split words), so
-- that the full-text index narrows by type, extension, orientation, tags and options in the same index scan.
CREATE OR REPLACE FUNCTION asset_search_tokens(kind text, ext text, orientation text, tag_keys text[], option_ids integer[])
RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_to_tsvector(array_remove(ARRAY['~k:' || kind, '~e:' || ext, '~r:' || orientation], NULL)
    || coalesce(array(SELECT '~t:' || x FROM unnest(tag_keys) x), '{}')
    || coalesce(array(SELECT '~o:' || x FROM unnest(option_ids) x), '{}'))
$$;
--> statement-breakpoint
-- Decision 0043: every column a filter, a facet or a sort reads is on the asset's search row, so a search reads one
-- table through its indexes. The refresh now also writes the title key, the trash flag, status, creator, dates, the
-- tag keys and the option ids of SELECT and MULTISELECT values.
CREATE OR REPLACE FUNCTION asset_search_refresh(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO asset_search AS s (asset_id, project_id, document, words, title_key, live, status, created_by, created_at,
      modified_at, expires_at, tag_keys, option_ids, kind, extension, size, width, height, orientation,
      color_l, color_a, color_b, sha256, phash)
  SELECT a.id, a.project_id,
      setweight(to_tsvector('simple', unaccent(a.title)), 'A')
        || setweight(to_tsvector('simple', unaccent(coalesce(t.tags, '') || ' '
             || coalesce(regexp_replace(f.original_name, '[[:punct:]]+', ' ', 'g'), ''))), 'B')
        || setweight(to_tsvector('simple', unaccent(a.description || ' ' || coalesce(cm.words, ''))), 'C')
        || setweight(to_tsvector('simple', unaccent(left(coalesce(r.extracted_text, ''), 50000))), 'D')
        || asset_search_tokens(k.kind, k.ext, k.orientation, t.keys, cm.option_ids),
      lower(unaccent(a.title || ' ' || coalesce(t.tags, ''))),
      lower(unaccent(a.title)),
      a.deleted_at IS NULL, a.status, a.created_by, a.created_at, a.modified_at, a.expires_at,
      coalesce(t.keys, '{}'), coalesce(cm.option_ids, '{}'),
      k.kind, k.ext, f.size, d.width, d.height, k.orientation,
      lab.l, lab.a, lab.b,
      f.sha256,
      CASE WHEN r.perceptual_hash ~ '^[0-9a-fA-F]{1,16}$' THEN ('x' || lpad(r.perceptual_hash, 16, '0'))::bit(64)::bigint END
    FROM assets a
    LEFT JOIN asset_revisions r ON r.id = a.current_revision_id
    LEFT JOIN files f ON f.id = r.file_id
    CROSS JOIN LATERAL (SELECT
        CASE WHEN jsonb_typeof(r.metadata -> 'width') = 'number' THEN round((r.metadata ->> 'width')::numeric)::int END AS width,
        CASE WHEN jsonb_typeof(r.metadata -> 'height') = 'number' THEN round((r.metadata ->> 'height')::numeric)::int END AS height) d
    CROSS JOIN LATERAL (SELECT asset_search_kind(f.extension, a.object_type) AS kind, lower(f.extension) AS ext,
        CASE WHEN d.width > 0 AND d.height > 0 THEN
          CASE WHEN d.width > d.height THEN 'LANDSCAPE' WHEN d.width < d.height THEN 'PORTRAIT' ELSE 'SQUARE' END
        END AS orientation) k
    CROSS JOIN LATERAL asset_search_lab(r.preview_background_color) lab
    LEFT JOIN LATERAL (SELECT string_agg(at.value, ' ' ORDER BY at.key) AS tags, array_agg(at.key ORDER BY at.key) AS keys
        FROM asset_tags at WHERE at.asset_id = a.id) t ON true
    LEFT JOIN LATERAL (SELECT
        string_agg(
          CASE WHEN NOT (p.is_searchable AND p.is_viewable) THEN NULL
          WHEN p.type IN ('SELECT', 'MULTISELECT') THEN
            (SELECT string_agg(o.value, ' ') FROM custom_metadata_property_options o
              WHERE o.property_id = p.id AND (m.value @> to_jsonb(o.id) OR m.value = to_jsonb(o.id)))
          WHEN jsonb_typeof(m.value) IN ('string', 'number') THEN m.value #>> '{}'
          END, ' ') AS words,
        (SELECT array_agg(DISTINCT (e #>> '{}')::int ORDER BY (e #>> '{}')::int)
           FROM asset_custom_metadata m2 JOIN custom_metadata_properties p2 ON p2.id = m2.property_id
             AND p2.type IN ('SELECT', 'MULTISELECT')
           CROSS JOIN LATERAL jsonb_array_elements(
             CASE jsonb_typeof(m2.value) WHEN 'array' THEN m2.value ELSE jsonb_build_array(m2.value) END) e
           WHERE m2.asset_id = a.id AND jsonb_typeof(e) = 'number') AS option_ids
        FROM asset_custom_metadata m JOIN custom_metadata_properties p ON p.id = m.property_id
        WHERE m.asset_id = a.id) cm ON true
    WHERE a.id = ANY(ids)
  ON CONFLICT (asset_id) DO UPDATE SET
    project_id = excluded.project_id, document = excluded.document, words = excluded.words, title_key = excluded.title_key,
    live = excluded.live, status = excluded.status, created_by = excluded.created_by, created_at = excluded.created_at,
    modified_at = excluded.modified_at, expires_at = excluded.expires_at, tag_keys = excluded.tag_keys,
    option_ids = excluded.option_ids, kind = excluded.kind, extension = excluded.extension, size = excluded.size,
    width = excluded.width, height = excluded.height, orientation = excluded.orientation, color_l = excluded.color_l,
    color_a = excluded.color_a, color_b = excluded.color_b, sha256 = excluded.sha256, phash = excluded.phash;
END
$$;
--> statement-breakpoint
-- A change of words or file rebuilds the row; trashing, restoring, a status or a date only copies those columns.
CREATE OR REPLACE FUNCTION asset_search_on_assets_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM asset_search_refresh(array(
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.title, n.description, n.project_id, n.current_revision_id, n.object_type)
      IS DISTINCT FROM (o.title, o.description, o.project_id, o.current_revision_id, o.object_type)));
  UPDATE asset_search s SET live = n.deleted_at IS NULL, status = n.status, created_by = n.created_by,
      created_at = n.created_at, modified_at = n.modified_at, expires_at = n.expires_at
    FROM new_rows n
    WHERE s.asset_id = n.id
      AND (s.live, s.status, s.created_by, s.created_at, s.modified_at, s.expires_at)
        IS DISTINCT FROM (n.deleted_at IS NULL, n.status, n.created_by, n.created_at, n.modified_at, n.expires_at);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Fill the new columns and the filter tokens of the existing rows in one pass (the full-text index is built again
-- afterwards: faster than updating it row by row).
DROP INDEX "asset_search_document_idx";
--> statement-breakpoint
-- Fill the new columns and the filter tokens of the existing rows in one pass.
UPDATE asset_search s SET
    document = s.document || asset_search_tokens(s.kind, s.extension, s.orientation, t.keys, o.ids),
    title_key = lower(unaccent(a.title)), live = a.deleted_at IS NULL, status = a.status,
    created_by = a.created_by, created_at = a.created_at, modified_at = a.modified_at, expires_at = a.expires_at,
    tag_keys = coalesce(t.keys, '{}'), option_ids = coalesce(o.ids, '{}')
  FROM assets a
  LEFT JOIN (SELECT asset_id, array_agg(key ORDER BY key) AS keys FROM asset_tags GROUP BY asset_id) t ON t.asset_id = a.id
  LEFT JOIN (SELECT m.asset_id, array_agg(DISTINCT (e #>> '{}')::int ORDER BY (e #>> '{}')::int) AS ids
      FROM asset_custom_metadata m JOIN custom_metadata_properties p ON p.id = m.property_id AND p.type IN ('SELECT', 'MULTISELECT')
      CROSS JOIN LATERAL jsonb_array_elements(CASE jsonb_typeof(m.value) WHEN 'array' THEN m.value ELSE jsonb_build_array(m.value) END) e
      WHERE jsonb_typeof(e) = 'number'
      GROUP BY m.asset_id) o ON o.asset_id = a.id
  WHERE a.id = s.asset_id;
--> statement-breakpoint
-- The words of titles and tags a library holds (not numbers), for typo tolerance.
CREATE OR REPLACE FUNCTION search_terms_of(words text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT w FROM unnest(tsvector_to_array(to_tsvector('simple', words))) w
  WHERE length(w) BETWEEN 3 AND 40 AND w !~ '^[0-9._-]+$'
$$;
--> statement-breakpoint
-- search_tags (live assets per library and tag, each tag as written in that library) and search_terms, from the
-- whole index: after a bulk load that bypassed the triggers (the migration itself, a restore, the benchmark's seeding).
CREATE OR REPLACE FUNCTION asset_search_rebuild_aggregates() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_tags;
  INSERT INTO search_tags (project_id, key, value, count)
    SELECT s.project_id, t.key, min(t.value), count(*)::int
    FROM asset_search s JOIN asset_tags t ON t.asset_id = s.asset_id
    WHERE s.live GROUP BY 1, 2;
  DELETE FROM search_terms;
  INSERT INTO search_terms (project_id, term)
    SELECT DISTINCT s.project_id, w FROM asset_search s, search_terms_of(s.words) w;
END
$$;
--> statement-breakpoint
-- Applies changes of tag counts: (library, key, spelling or null, change). Decrements only update rows that exist
-- (a library being deleted has lost its rows already), rows left at 0 go, increments insert or add, and a spelling
-- given replaces the one kept (a tag renamed in case only).
CREATE OR REPLACE FUNCTION search_tags_apply(tp integer[], tk text[], tv text[], td integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE search_tags st SET count = st.count + c.d, value = coalesce(c.v, st.value)
    FROM unnest(tp, tk, tv, td) AS c(p, k, v, d)
    WHERE st.project_id = c.p AND st.key = c.k AND c.d <= 0 AND (c.d < 0 OR c.v IS DISTINCT FROM st.value);
  DELETE FROM search_tags st USING unnest(tp, tk, td) AS c(p, k, d)
    WHERE st.project_id = c.p AND st.key = c.k AND c.d < 0 AND st.count <= 0;
  INSERT INTO search_tags AS st (project_id, key, value, count)
    SELECT c.p, c.k, coalesce(c.v, c.k), c.d FROM unnest(tp, tk, tv, td) AS c(p, k, v, d) WHERE c.d > 0 ORDER BY 1, 2
  ON CONFLICT (project_id, key) DO UPDATE SET count = st.count + excluded.count, value = excluded.value;
END
$$;
--> statement-breakpoint
-- Keeps search_tags and search_terms in step with the index, one statement at a time (bulk tagging is one statement).
-- The rows written count with their tags' spellings from asset_tags (as the refresh read them; a spelling that
-- changed in case only is passed on), the rows replaced or deleted by their keys. Words are only added: a word no asset holds any more just finds nothing.
CREATE OR REPLACE FUNCTION asset_search_on_index_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tp integer[];
  tk text[];
  tv text[];
  td integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(x.project_id), array_agg(x.key), array_agg(x.value), array_agg(x.n) INTO tp, tk, tv, td
      FROM (SELECT n.project_id, t.key, min(t.value) AS value, count(*)::int AS n
            FROM new_rows n JOIN asset_tags t ON t.asset_id = n.asset_id WHERE n.live GROUP BY 1, 2) x;
    INSERT INTO search_terms (project_id, term)
      SELECT DISTINCT n.project_id, w FROM new_rows n, search_terms_of(n.words) w ORDER BY 1, 2
    ON CONFLICT DO NOTHING;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(x.project_id), array_agg(x.key), array_agg(NULL::text), array_agg(x.n) INTO tp, tk, tv, td
      FROM (SELECT o.project_id, k AS key, -count(*)::int AS n FROM old_rows o, unnest(o.tag_keys) k WHERE o.live GROUP BY 1, 2) x;
  ELSE
    SELECT array_agg(x.project_id), array_agg(x.key), array_agg(x.value), array_agg(x.n) INTO tp, tk, tv, td
      FROM (SELECT project_id, key, max(value) AS value, sum(n)::int AS n FROM (
              SELECT o.project_id, k AS key, NULL::text AS value, -1 AS n FROM old_rows o, unnest(o.tag_keys) k WHERE o.live
              UNION ALL
              SELECT n.project_id, t.key, t.value, 1 FROM new_rows n JOIN asset_tags t ON t.asset_id = n.asset_id WHERE n.live) x
            GROUP BY 1, 2) x
      WHERE x.n <> 0 OR x.value IS NOT NULL;
    INSERT INTO search_terms (project_id, term)
      SELECT DISTINCT n.project_id, w FROM new_rows n JOIN old_rows o ON o.asset_id = n.asset_id, search_terms_of(n.words) w
      WHERE (n.words, n.project_id) IS DISTINCT FROM (o.words, o.project_id)
      ORDER BY 1, 2
    ON CONFLICT DO NOTHING;
  END IF;
  IF tp IS NOT NULL THEN PERFORM search_tags_apply(tp, tk, tv, td); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE INDEX "asset_search_document_idx" ON "asset_search" USING gin ("document");--> statement-breakpoint
CREATE INDEX "asset_search_title_key_idx" ON "asset_search" USING btree ("title_key" text_pattern_ops) WHERE "asset_search"."live";--> statement-breakpoint
-- Searches read the GIN pending list whole: keep it small (512 kB instead of 4 MB) so that bulk tagging's new entries
-- cost a search little before they are merged into the index (decision 0043).
ALTER INDEX "asset_search_document_idx" SET (gin_pending_list_limit = 512);
--> statement-breakpoint
SELECT asset_search_rebuild_aggregates();
--> statement-breakpoint
CREATE TRIGGER asset_search_index_insert AFTER INSERT ON asset_search REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION asset_search_on_index_change();
--> statement-breakpoint
CREATE TRIGGER asset_search_index_update AFTER UPDATE ON asset_search REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION asset_search_on_index_change();
--> statement-breakpoint
CREATE TRIGGER asset_search_index_delete AFTER DELETE ON asset_search REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION asset_search_on_index_change();
--> statement-breakpoint
ANALYZE asset_search;
