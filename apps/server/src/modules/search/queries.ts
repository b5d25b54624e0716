import type { CustomMetadataSearchType, FilterOperator, SearchFilterValue, SearchSort } from '@emblem/core';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/* SQL of the asset search (decision 0039): the index `asset_search` joined to `assets`; plain rows. */

/** Rows of a raw statement (both drivers answer `{ rows }`). */
async function rowsOf<T>(query: Promise<unknown>): Promise<T[]> {
  return ((await query) as { rows: T[] }).rows;
}

const intArray = (values: readonly number[]) => sql`${`{${values.join(',')}}`}::int[]`;
const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

export interface VisibleProject {
  id: number;
  name: string;
}

/**
 * The brand's libraries and workspace projects the caller can see: every one for account admins, those they
 * collaborate on (directly or through a group) for others; never another account's (the rule of projectPolicy,
 * without the asset counts the projects list adds).
 */
export function visibleProjects(db: Db, opts: { accountId: number; userId: number; brandId: number; admin: boolean }) {
  return rowsOf<VisibleProject>(
    db.execute(sql`
      select p.id, p.name from projects p
      where p.account_id = ${opts.accountId} and p.brand_id = ${opts.brandId} and p.project_type <> 'STYLEGUIDE'
        and (${opts.admin}::boolean
          or exists (select 1 from project_users pu where pu.project_id = p.id and pu.user_id = ${opts.userId})
          or exists (select 1 from project_groups pg join user_group_members ugm on ugm.group_id = pg.group_id
                     where pg.project_id = p.id and ugm.user_id = ${opts.userId}))
      order by lower(p.name), p.id`),
  );
}

/** Whether a user belongs to the account (a `creator` filter names one). */
export async function isAccountUser(db: Db, accountId: number, userId: number): Promise<boolean> {
  const rows = await rowsOf(db.execute(sql`select 1 from memberships where account_id = ${accountId} and user_id = ${userId}`));
  return rows.length > 0;
}

export interface PropertyRow {
  id: number;
  type: CustomMetadataSearchType;
  is_viewable: boolean;
  option_ids: number[];
}

/** Custom metadata properties of a brand among `ids`, with their option ids. */
export function brandProperties(db: Db, brandId: number, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return rowsOf<PropertyRow>(
    db.execute(sql`
      select p.id, p.type, p.is_viewable,
        coalesce((select array_agg(o.id order by o.id) from custom_metadata_property_options o where o.property_id = p.id), '{}') as option_ids
      from custom_metadata_properties p
      where p.brand_id = ${brandId} and p.id = any(${intArray(ids)})`),
  );
}

/** Option values by id, for the labels of custom metadata facets. */
export function optionLabels(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return rowsOf<{ id: number; value: string }>(
    db.execute(sql`select id, value from custom_metadata_property_options where id = any(${intArray(ids)})`),
  );
}

/** A filter ready for SQL: static fields, or custom metadata with the property's type known. */
export type SqlFilter =
  | { field: string; operator: FilterOperator; value: SearchFilterValue; propertyId?: undefined }
  | { field: string; operator: FilterOperator; value: SearchFilterValue; propertyId: number; propertyType: CustomMetadataSearchType };

export type SqlFacet = { name: string; field: string; propertyId?: number };

export interface SqlSearch {
  projectIds: readonly number[];
  query: string;
  filters: readonly SqlFilter[];
  facets: readonly SqlFacet[];
  sort: { by: SearchSort; direction: 'asc' | 'desc' };
  after: { key: number | string; id: number } | null;
  limit: number;
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function textCompare(column: SQL, operator: FilterOperator, value: SearchFilterValue): SQL {
  const col = sql`lower(unaccent(coalesce(${column}, '')))`;
  const v = typeof value === 'string' ? value : '';
  const needle = sql`lower(unaccent(${likeEscape(v)}))`;
  switch (operator) {
    case 'IS':
      return sql`${col} = lower(unaccent(${v}))`;
    case 'IS_NOT':
      return sql`${col} <> lower(unaccent(${v}))`;
    case 'CONTAINS':
      return sql`${col} like '%' || ${needle} || '%'`;
    case 'DOES_NOT_CONTAIN':
      return sql`${col} not like '%' || ${needle} || '%'`;
    case 'STARTS_WITH':
      return sql`${col} like ${needle} || '%'`;
    case 'ENDS_WITH':
      return sql`${col} like '%' || ${needle}`;
    case 'IS_EMPTY':
      return sql`${col} = ''`;
    case 'IS_NOT_EMPTY':
      return sql`${col} <> ''`;
    default:
      throw new Error(`no text operator ${operator}`);
  }
}

function numberCompare(column: SQL, operator: FilterOperator, value: SearchFilterValue): SQL {
  const v = sql`${value}::numeric`;
  switch (operator) {
    case 'IS':
      return sql`${column} = ${v}`;
    case 'IS_NOT':
      return sql`${column} is distinct from ${v}`;
    case 'IS_AFTER':
      return sql`${column} > ${v}`;
    case 'IS_BEFORE':
      return sql`${column} < ${v}`;
    case 'IS_EMPTY':
      return sql`${column} is null`;
    case 'IS_NOT_EMPTY':
      return sql`${column} is not null`;
    default:
      throw new Error(`no number operator ${operator}`);
  }
}

/** The UTC day a date value names (a `YYYY-MM-DD` day, or the day of a date-time). */
const dayOf = (value: string) => (value.length === 10 ? value : new Date(value).toISOString().slice(0, 10));
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** A timestamp column against a day or an instant: IS_AT that UTC day; before/after the day, or the instant. */
function timeCompare(column: SQL, operator: FilterOperator, value: SearchFilterValue): SQL {
  if (operator === 'IS_EMPTY') return sql`${column} is null`;
  if (operator === 'IS_NOT_EMPTY') return sql`${column} is not null`;
  const v = String(value);
  const isDay = v.length === 10;
  const day = dayOf(v);
  const start = sql`${`${day}T00:00:00Z`}::timestamptz`;
  const end = sql`${`${nextDay(day)}T00:00:00Z`}::timestamptz`;
  switch (operator) {
    case 'IS_AT':
      return sql`(${column} >= ${start} and ${column} < ${end})`;
    case 'IS_BEFORE':
      return isDay ? sql`${column} < ${start}` : sql`${column} < ${v}::timestamptz`;
    case 'IS_AFTER':
      return isDay ? sql`${column} >= ${end}` : sql`${column} > ${v}::timestamptz`;
    default:
      throw new Error(`no date operator ${operator}`);
  }
}

/** A DATE property's value (`YYYY-MM-DD` text) against a day. */
function dayCompare(column: SQL, operator: FilterOperator, value: SearchFilterValue): SQL {
  if (operator === 'IS_EMPTY' || operator === 'IS_NOT_EMPTY') return numberCompare(column, operator, value);
  const day = dayOf(String(value));
  const op = operator === 'IS_AT' ? sql`=` : operator === 'IS_BEFORE' ? sql`<` : sql`>`;
  return sql`left(${column}, 10) ${op} ${day}`;
}

function choiceCompare(column: SQL, operator: FilterOperator, value: SearchFilterValue): SQL {
  const list = Array.isArray(value) ? value.map(String) : [String(value)];
  switch (operator) {
    case 'IS':
    case 'IS_ONE_OF':
      return sql`coalesce(${column}::text = any(${textArray(list)}), false)`;
    case 'IS_NOT':
    case 'IS_NOT_ONE_OF':
      return sql`not coalesce(${column}::text = any(${textArray(list)}), false)`;
    default:
      throw new Error(`no choice operator ${operator}`);
  }
}

/** The tags: IS (has that tag, ignoring case), lists, parts of a tag; IS_EMPTY = no tag at all. */
function tagsCompare(operator: FilterOperator, value: SearchFilterValue): SQL {
  const has = (cond: SQL) => sql`exists (select 1 from asset_tags t where t.asset_id = s.asset_id and ${cond})`;
  const list = (Array.isArray(value) ? value : [value]).map((v) => String(v).toLowerCase());
  const needle = typeof value === 'string' ? likeEscape(value.toLowerCase()) : '';
  switch (operator) {
    case 'IS':
    case 'IS_ONE_OF':
      return has(sql`t.key = any(${textArray(list)})`);
    case 'IS_NOT':
    case 'IS_NOT_ONE_OF':
      return sql`not ${has(sql`t.key = any(${textArray(list)})`)}`;
    case 'CONTAINS':
      return has(sql`t.key like '%' || ${needle} || '%'`);
    case 'DOES_NOT_CONTAIN':
      return sql`not ${has(sql`t.key like '%' || ${needle} || '%'`)}`;
    case 'STARTS_WITH':
      return has(sql`t.key like ${needle} || '%'`);
    case 'ENDS_WITH':
      return has(sql`t.key like '%' || ${needle}`);
    case 'IS_EMPTY':
      return sql`not ${has(sql`true`)}`;
    case 'IS_NOT_EMPTY':
      return has(sql`true`);
    default:
      throw new Error(`no tags operator ${operator}`);
  }
}

/** CIE76 ΔE between the asset's dominant colour and `hex` (null when the asset has none). */
function colorDistance(hex: string): SQL {
  return sql`(select sqrt(power(s.color_l - c.l, 2) + power(s.color_a - c.a, 2) + power(s.color_b - c.b, 2)) from asset_search_lab(${hex}) c)`;
}

function customCompare(f: Extract<SqlFilter, { propertyId: number }>): SQL {
  const value = sql`(select m.value from asset_custom_metadata m where m.asset_id = s.asset_id and m.property_id = ${f.propertyId})`;
  const present = sql`exists (select 1 from asset_custom_metadata m where m.asset_id = s.asset_id and m.property_id = ${f.propertyId}
    and m.value not in ('""'::jsonb, '[]'::jsonb, 'null'::jsonb))`;
  if (f.operator === 'IS_EMPTY') return sql`not ${present}`;
  if (f.operator === 'IS_NOT_EMPTY') return present;
  switch (f.propertyType) {
    case 'TEXT':
    case 'LONGTEXT':
    case 'URL':
      return textCompare(sql`(${value} #>> '{}')`, f.operator, f.value);
    case 'NUMBER':
      return numberCompare(
        sql`(select (m.value #>> '{}')::numeric from asset_custom_metadata m
        where m.asset_id = s.asset_id and m.property_id = ${f.propertyId} and jsonb_typeof(m.value) = 'number')`,
        f.operator,
        f.value,
      );
    case 'DATE':
      return dayCompare(sql`(${value} #>> '{}')`, f.operator, f.value);
    default: {
      // SELECT holds one option id, MULTISELECT a list; `@>` finds an id in either.
      const ids = (Array.isArray(f.value) ? f.value : [f.value]).map(Number);
      const holds = sql.join(
        ids.map((id) => sql`m.value @> ${String(id)}::jsonb`),
        sql` or `,
      );
      const any = sql`exists (select 1 from asset_custom_metadata m where m.asset_id = s.asset_id and m.property_id = ${f.propertyId} and (${holds}))`;
      return f.operator === 'IS' || f.operator === 'IS_ONE_OF' ? any : sql`not ${any}`;
    }
  }
}

const FILENAME = sql`(select f.original_name from asset_revisions r join files f on f.id = r.file_id where r.id = a.current_revision_id)`;

function filterSql(f: SqlFilter): SQL {
  if (f.propertyId !== undefined) return customCompare(f);
  switch (f.field) {
    case 'type':
      return choiceCompare(sql`s.kind`, f.operator, f.value);
    case 'file_type_group':
      return choiceCompare(sql`asset_search_file_type_group(s.extension)`, f.operator, f.value);
    case 'extension':
      return choiceCompare(
        sql`s.extension`,
        f.operator,
        Array.isArray(f.value)
          ? f.value.map((v) => String(v).toLowerCase().replace(/^\./, ''))
          : String(f.value).toLowerCase().replace(/^\./, ''),
      );
    case 'orientation':
      return choiceCompare(sql`s.orientation`, f.operator, f.value);
    case 'status':
      return choiceCompare(sql`a.status`, f.operator, f.value);
    case 'library':
      return choiceCompare(sql`s.project_id`, f.operator, f.value);
    case 'creator':
      return choiceCompare(sql`a.created_by`, f.operator, f.value);
    case 'tags':
      return tagsCompare(f.operator, f.value);
    case 'title':
      return textCompare(sql`a.title`, f.operator, f.value);
    case 'description':
      return textCompare(sql`a.description`, f.operator, f.value);
    case 'filename':
      return textCompare(FILENAME, f.operator, f.value);
    case 'width':
      return numberCompare(sql`s.width`, f.operator, f.value);
    case 'height':
      return numberCompare(sql`s.height`, f.operator, f.value);
    case 'size':
      return numberCompare(sql`s.size`, f.operator, f.value);
    case 'created_at':
      return timeCompare(sql`a.created_at`, f.operator, f.value);
    case 'modified_at':
      return timeCompare(sql`a.modified_at`, f.operator, f.value);
    case 'expires_at':
      return timeCompare(sql`a.expires_at`, f.operator, f.value);
    case 'color': {
      const near = f.value as { color: string; distance: number };
      return sql`${colorDistance(near.color)} <= ${near.distance}`;
    }
    default:
      throw new Error(`no filter for ${f.field}`);
  }
}

/** The words of a query as the index holds them (for trigram matching). */
const queryWords = (q: string) => sql`lower(unaccent(${q}))`;
const tsQuery = (q: string) => sql`websearch_to_tsquery('simple', unaccent(${q}))`;

/** Each sort's key, never null, float8 or text so the cursor compares exactly as ORDER BY does. */
function sortKey(s: SqlSearch): SQL {
  switch (s.sort.by) {
    case 'created_at':
      return sql`(extract(epoch from a.created_at) * 1000000)::float8`;
    case 'modified_at':
      return sql`(extract(epoch from a.modified_at) * 1000000)::float8`;
    case 'title':
      return sql`lower(a.title)`;
    case 'size':
      return sql`coalesce(s.size, -1)::float8`;
    default: {
      if (s.query) return sql`(ts_rank_cd(s.document, ${tsQuery(s.query)}) + word_similarity(${queryWords(s.query)}, s.words))::float8`;
      const color = s.filters.find((f) => f.field === 'color');
      // Nearest first: the negated distance, so that "relevance desc" puts the closest colour on top.
      if (color) return sql`coalesce(-${colorDistance((color.value as { color: string }).color)}, -1e9)::float8`;
      return sql`0::float8`;
    }
  }
}

function facetSql(f: SqlFacet): SQL {
  const grouped = (expr: SQL) => sql`(select coalesce(json_agg(json_build_object('value', v, 'count', c) order by c desc, v), '[]'::json)
      from (select ${expr} as v, count(*)::int as c from m where ${expr} is not null group by 1 order by 2 desc, 1 limit 100) g)`;
  if (f.propertyId !== undefined) {
    return sql`(select coalesce(json_agg(json_build_object('value', v, 'count', c) order by c desc, v), '[]'::json) from (
        select o.id as v, count(distinct m.id)::int as c from m
        join asset_custom_metadata cm on cm.asset_id = m.id and cm.property_id = ${f.propertyId}
        join custom_metadata_property_options o on o.property_id = ${f.propertyId} and cm.value @> to_jsonb(o.id)
        group by o.id order by 2 desc, 1 limit 100) g)`;
  }
  switch (f.field) {
    case 'type':
      return grouped(sql`m.kind`);
    case 'file_type_group':
      return grouped(sql`asset_search_file_type_group(m.extension)`);
    case 'extension':
      return grouped(sql`m.extension`);
    case 'orientation':
      return grouped(sql`m.orientation`);
    case 'library':
      return grouped(sql`m.project_id`);
    case 'tags':
      return sql`(select coalesce(json_agg(json_build_object('value', v, 'count', c) order by c desc, v), '[]'::json) from (
          select min(t.value) as v, count(*)::int as c from m join asset_tags t on t.asset_id = m.id
          group by t.key order by 2 desc, 1 limit 100) g)`;
    default:
      throw new Error(`no facet for ${f.field}`);
  }
}

export interface SearchRows {
  total: number;
  page: { id: number; key: number | string }[];
  facets: Record<string, { value: string | number; count: number }[]>;
}

/**
 * One statement: the matching live assets of the visible projects (materialised once), the page after the cursor
 * (limit + 1 rows, to know whether there is more), the total and each facet's counts over the same matches.
 */
export async function search(db: Db, s: SqlSearch): Promise<SearchRows> {
  if (s.projectIds.length === 0) return { total: 0, page: [], facets: Object.fromEntries(s.facets.map((f) => [f.name, []])) };
  const conditions: SQL[] = [sql`s.project_id = any(${intArray(s.projectIds)})`, sql`a.deleted_at is null`];
  if (s.query) conditions.push(sql`(s.document @@ ${tsQuery(s.query)} or ${queryWords(s.query)} <% s.words)`);
  for (const f of s.filters) conditions.push(filterSql(f));
  const desc = s.sort.direction === 'desc';
  const cmp = desc ? sql`<` : sql`>`;
  const dir = desc ? sql`desc` : sql`asc`;
  const keyType = s.sort.by === 'title' ? sql`text` : sql`float8`;
  const after = s.after ? sql`where (m.key, m.id) ${cmp} (${s.after.key}::${keyType}, ${s.after.id}::int)` : sql``;
  const facets = s.facets.length
    ? sql`, json_build_object(${sql.join(
        s.facets.map((f) => sql`${f.name}::text, ${facetSql(f)}`),
        sql`, `,
      )}) as facets`
    : sql`, '{}'::json as facets`;
  const [row] = await rowsOf<{ total: number; page: SearchRows['page'] | null; facets: SearchRows['facets'] }>(
    db.execute(sql`
      with m as materialized (
        select s.asset_id as id, s.project_id, s.kind, s.extension, s.orientation, ${sortKey(s)} as key
        from asset_search s join assets a on a.id = s.asset_id
        where ${sql.join(conditions, sql` and `)}
      )
      select (select count(*)::int from m) as total,
        (select json_agg(json_build_object('id', p.id, 'key', p.key) order by p.key ${dir}, p.id ${dir}) from (
          select m.id, m.key from m ${after} order by m.key ${dir}, m.id ${dir} limit ${s.limit + 1}) p) as page
        ${facets}`),
  );
  return { total: row?.total ?? 0, page: row?.page ?? [], facets: row?.facets ?? {} };
}

export interface SuggestionRows {
  assets: {
    id: number;
    title: string;
    project_id: number;
    kind: string | null;
    token: string;
    revision_id: number | null;
    status: string | null;
    preview_key: string | null;
    extension: string | null;
  }[];
  folders: { id: number; name: string; project_id: number }[];
  tags: { value: string; count: number }[];
}

/**
 * Suggestions while typing: live assets whose title or tags start like `q` or are close to it (trigram index),
 * folders whose name does, and the tags of those projects starting with `q`, most used first.
 */
export async function suggest(db: Db, projectIds: readonly number[], q: string, limit: number): Promise<SuggestionRows> {
  if (projectIds.length === 0 || !q) return { assets: [], folders: [], tags: [] };
  const projects = intArray(projectIds);
  const words = queryWords(q);
  const prefix = `${likeEscape(q.toLowerCase())}%`;
  const [assets, folders, tags] = await Promise.all([
    rowsOf<SuggestionRows['assets'][number]>(
      db.execute(sql`
        select a.id, a.title, a.project_id, s.kind, a.token, r.id as revision_id, r.status, r.preview_key, s.extension
        from asset_search s join assets a on a.id = s.asset_id
        left join asset_revisions r on r.id = a.current_revision_id
        where s.project_id = any(${projects}) and a.deleted_at is null and ${words} <% s.words
        order by (lower(a.title) like ${prefix}) desc, word_similarity(${words}, s.words) desc, a.id desc
        limit ${limit}`),
    ),
    rowsOf<SuggestionRows['folders'][number]>(
      db.execute(sql`
        select f.id, f.name, f.project_id from sets f
        where f.project_id = any(${projects}) and f.deleted_at is null and lower(f.name) like '%' || ${likeEscape(q.toLowerCase())} || '%'
        order by (lower(f.name) like ${prefix}) desc, lower(f.name), f.id
        limit ${limit}`),
    ),
    rowsOf<SuggestionRows['tags'][number]>(
      db.execute(sql`
        select min(t.value) as value, count(*)::int as count
        from asset_tags t join assets a on a.id = t.asset_id
        where t.key like ${prefix} and a.project_id = any(${projects}) and a.deleted_at is null
        group by t.key order by 2 desc, 1
        limit ${limit}`),
    ),
  ]);
  return { assets, folders, tags };
}
