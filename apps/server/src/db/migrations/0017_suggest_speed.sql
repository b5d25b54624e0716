DROP INDEX "asset_search_title_key_idx";--> statement-breakpoint
CREATE INDEX "asset_search_title_key_idx" ON "asset_search" USING btree ("title_key" collate "C","asset_id") WHERE "asset_search"."live";--> statement-breakpoint
-- Whether a custom metadata property applies to a library: it names no library, or names this one (decision 0040).
CREATE OR REPLACE FUNCTION custom_metadata_applies(property integer, project integer) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT NOT EXISTS (SELECT 1 FROM custom_metadata_property_projects pp WHERE pp.property_id = property)
    OR EXISTS (SELECT 1 FROM custom_metadata_property_projects pp WHERE pp.property_id = property AND pp.project_id = project)
$$;
--> statement-breakpoint
-- Decision 0044: a search row holds the words and options of the values of properties that apply to its library
-- only; a value stays stored when its property stops applying there, and shows (and is found) again if it applies again.
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
           WHERE m2.asset_id = a.id AND jsonb_typeof(e) = 'number' AND custom_metadata_applies(p2.id, a.project_id)) AS option_ids
        FROM asset_custom_metadata m JOIN custom_metadata_properties p ON p.id = m.property_id
        WHERE m.asset_id = a.id AND custom_metadata_applies(p.id, a.project_id)) cm ON true
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
-- A change of the libraries a property applies to refreshes the rows of the assets holding a value of it whose
-- library changed sides: before is the list now, less the rows added, plus the rows removed.
CREATE OR REPLACE FUNCTION custom_metadata_projects_changed(props integer[], removed_prop integer[], removed_proj integer[],
    added_prop integer[], added_proj integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM asset_search_refresh(array(
    WITH after AS (SELECT pp.property_id, pp.project_id FROM custom_metadata_property_projects pp WHERE pp.property_id = ANY(props)),
    before AS (
      (SELECT * FROM after EXCEPT SELECT * FROM unnest(added_prop, added_proj))
      UNION SELECT * FROM unnest(removed_prop, removed_proj))
    -- (A library being deleted is gone already: its assets' rows go with it, none is rewritten.)
    SELECT m.asset_id FROM asset_custom_metadata m JOIN assets a ON a.id = m.asset_id JOIN projects pr ON pr.id = a.project_id
    WHERE m.property_id = ANY(props)
      AND (NOT EXISTS (SELECT 1 FROM after x WHERE x.property_id = m.property_id)
           OR EXISTS (SELECT 1 FROM after x WHERE x.property_id = m.property_id AND x.project_id = a.project_id))
        IS DISTINCT FROM
          (NOT EXISTS (SELECT 1 FROM before x WHERE x.property_id = m.property_id)
           OR EXISTS (SELECT 1 FROM before x WHERE x.property_id = m.property_id AND x.project_id = a.project_id))));
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION custom_metadata_projects_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM custom_metadata_projects_changed(array(SELECT DISTINCT property_id FROM new_rows), '{}', '{}',
    array(SELECT property_id FROM new_rows ORDER BY 1, project_id), array(SELECT project_id FROM new_rows ORDER BY property_id, 1));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION custom_metadata_projects_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM custom_metadata_projects_changed(array(SELECT DISTINCT property_id FROM old_rows),
    array(SELECT property_id FROM old_rows ORDER BY 1, project_id), array(SELECT project_id FROM old_rows ORDER BY property_id, 1), '{}', '{}');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER custom_metadata_projects_insert AFTER INSERT ON custom_metadata_property_projects
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION custom_metadata_projects_on_insert();
--> statement-breakpoint
CREATE TRIGGER custom_metadata_projects_delete AFTER DELETE ON custom_metadata_property_projects
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION custom_metadata_projects_on_delete();
--> statement-breakpoint
-- Rows written before this migration by properties that do not apply to their asset's library.
SELECT asset_search_refresh(array(
  SELECT DISTINCT m.asset_id FROM asset_custom_metadata m JOIN assets a ON a.id = m.asset_id
  WHERE NOT custom_metadata_applies(m.property_id, a.project_id)));
