import type { CustomMetadataSearchType, FilterOperator, SearchFilterValue, SearchSort } from '@emblem/core';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { intArray, rowsOf, textArray } from '../../db/raw.js';

/* SQL of the asset search (decision 0039): the index `asset_search` joined to `assets`; plain rows. */

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

export type SqlFacet = { name: string; field: string; propertyId?: number; optionIds?: readonly number[] };

export interface SqlSearch {
  projectIds: readonly number[];
  query: string;
  /** The query as tsqueries (parseQuery), when it has words. */
  parsed?: ParsedQuery;
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

/** The tags (keys on the search row): IS (has that tag, ignoring case), lists, parts of a tag; IS_EMPTY = none. */
function tagsCompare(operator: FilterOperator, value: SearchFilterValue): SQL {
  const some = (cond: SQL) => sql`exists (select 1 from unnest(s.tag_keys) k where ${cond})`;
  const list = (Array.isArray(value) ? value : [value]).map((v) => String(v).toLowerCase());
  const needle = typeof value === 'string' ? likeEscape(value.toLowerCase()) : '';
  switch (operator) {
    case 'IS':
    case 'IS_ONE_OF':
      return sql`s.tag_keys && ${textArray(list)}`;
    case 'IS_NOT':
    case 'IS_NOT_ONE_OF':
      return sql`not (s.tag_keys && ${textArray(list)})`;
    case 'CONTAINS':
      return some(sql`k like '%' || ${needle} || '%'`);
    case 'DOES_NOT_CONTAIN':
      return sql`not ${some(sql`k like '%' || ${needle} || '%'`)}`;
    case 'STARTS_WITH':
      return some(sql`k like ${needle} || '%'`);
    case 'ENDS_WITH':
      return some(sql`k like '%' || ${needle}`);
    case 'IS_EMPTY':
      return sql`s.tag_keys = '{}'::text[]`;
    case 'IS_NOT_EMPTY':
      return sql`s.tag_keys <> '{}'::text[]`;
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
      // SELECT and MULTISELECT: the option ids of the asset's values are on its search row (option ids are unique
      // across properties, so the row's list answers for each property).
      const ids = (Array.isArray(f.value) ? f.value : [f.value]).map(Number);
      const any = sql`s.option_ids && ${intArray(ids)}`;
      return f.operator === 'IS' || f.operator === 'IS_ONE_OF' ? any : sql`not (${any})`;
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
      return choiceCompare(sql`s.extension`, f.operator, Array.isArray(f.value) ? f.value.map(extensionKey) : extensionKey(f.value));
    case 'orientation':
      return choiceCompare(sql`s.orientation`, f.operator, f.value);
    case 'status':
      return choiceCompare(sql`s.status`, f.operator, f.value);
    case 'library':
      return choiceCompare(sql`s.project_id`, f.operator, f.value);
    case 'creator':
      return choiceCompare(sql`s.created_by`, f.operator, f.value);
    case 'tags':
      return tagsCompare(f.operator, f.value);
    case 'title':
      return textCompare(sql`s.title_key`, f.operator, f.value);
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
      return timeCompare(sql`s.created_at`, f.operator, f.value);
    case 'modified_at':
      return timeCompare(sql`s.modified_at`, f.operator, f.value);
    case 'expires_at':
      return timeCompare(sql`s.expires_at`, f.operator, f.value);
    case 'color': {
      const near = f.value as { color: string; distance: number };
      return sql`${colorDistance(near.color)} <= ${near.distance}`;
    }
    default:
      throw new Error(`no filter for ${f.field}`);
  }
}

/** A query's words as the index parses them: `websearch_to_tsquery` ("quoted phrases", or, -not) over unaccent. */
const tsQuery = (q: string) => sql`websearch_to_tsquery('simple', unaccent(${q}))`;

/** A query word that no title or tag of the searched libraries holds, with the closest words that they do hold. */
export interface QueryExpansion {
  word: string;
  alternatives: string[];
}

/** Trigram similarity a neighbour needs ('postr' and 'poster' are 0.44 apart, 'autum' and 'autumn' 0.63). */
const SIMILARITY = 0.4;

/**
 * Typo tolerance (decision 0043): each word of the query of 4 letters or more that is not in the libraries'
 * vocabulary of titles and tags (search_terms) gets its up to 3 closest words from it, found through the trigram index,
 * no more than 2 letters longer or shorter (a slip of a letter or two: 'lighthose' is 'lighthouse', not 'light').
 */
export function expandQuery(db: Db, projectIds: readonly number[], query: string) {
  const projects = intArray(projectIds);
  return rowsOf<QueryExpansion>(
    db.execute(sql`
      select l.w as word, array(
          select t.term from search_terms t
          where t.project_id = any(${projects}) and t.term % l.w and similarity(t.term, l.w) >= ${SIMILARITY}
            and abs(length(t.term) - length(l.w)) <= 2
          group by t.term order by max(similarity(t.term, l.w)) desc, t.term limit 3) as alternatives
      from unnest(tsvector_to_array(to_tsvector('simple', unaccent(${query})))) as l(w)
      where length(l.w) >= 4
        and not exists (select 1 from search_terms t where t.project_id = any(${projects}) and t.term = l.w)`),
  );
}

/** The query with each expanded word replaced by "the word or its neighbours". */
function expandedTsQuery(query: string, expansions: readonly QueryExpansion[]): SQL {
  let out = tsQuery(query);
  for (const e of expansions) {
    if (e.alternatives.length === 0) continue;
    const one = (w: string) => sql`to_tsquery('simple', quote_literal(${w}))`;
    const either = sql.join([e.word, ...e.alternatives].map(one), sql` || `);
    out = sql`ts_rewrite(${out}, ${one(e.word)}, ${either})`;
  }
  return out;
}

/** A query's tsqueries as text: as typed, and with misspelt words or'ed with their neighbours (null when none). */
export interface ParsedQuery {
  exact: string;
  expanded: string | null;
}

/**
 * The query's tsqueries, computed once (decision 0044): the statement then holds them as values, rather than
 * expressions evaluated again for each matching row as it ranks them (unaccent is not constant-folded), and the
 * planner estimates their words.
 */
export async function parseQuery(db: Db, projectIds: readonly number[], query: string): Promise<ParsedQuery> {
  const expansions = (await expandQuery(db, projectIds, query)).filter((e) => e.alternatives.length);
  const expanded = expansions.length ? sql`${expandedTsQuery(query, expansions)}::text` : sql`null::text`;
  const [row] = await rowsOf<ParsedQuery>(db.execute(sql`select ${tsQuery(query)}::text as exact, ${expanded} as expanded`));
  return row ?? { exact: '', expanded: null };
}

/** A lexeme as tsquery input reads it, quoted (quotes doubled, backslashes escaped). */
const lexeme = (token: string) => `'${token.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** An extension as the index holds it: lower case, without a leading dot. */
const extensionKey = (v: unknown) => String(v).toLowerCase().replace(/^\./, '');

/**
 * The filter tokens (decision 0043) a filter needs, as a tsquery: "is one of" on type, extension, orientation, tags
 * and select options; null for a filter the full-text index cannot narrow by (its SQL condition alone applies).
 */
function filterTokens(f: SqlFilter): string | null {
  if (f.operator !== 'IS' && f.operator !== 'IS_ONE_OF') return null;
  const list = Array.isArray(f.value) ? f.value : [f.value];
  let tokens: string[] = [];
  if (f.propertyId !== undefined) {
    if (f.propertyType === 'SELECT' || f.propertyType === 'MULTISELECT') tokens = list.map((v) => `~o:${Number(v)}`);
  } else if (f.field === 'type') tokens = list.map((v) => `~k:${String(v)}`);
  else if (f.field === 'extension') tokens = list.map((v) => `~e:${extensionKey(v)}`);
  else if (f.field === 'orientation') tokens = list.map((v) => `~r:${String(v)}`);
  else if (f.field === 'tags') tokens = list.map((v) => `~t:${String(v).toLowerCase()}`);
  return tokens.length ? `(${tokens.map(lexeme).join(' | ')})` : null;
}

/** Each sort's key, never null, float8 or text so the cursor compares exactly as ORDER BY does. */
function sortKey(s: SqlSearch): SQL {
  switch (s.sort.by) {
    case 'created_at':
      return sql`(extract(epoch from s.created_at) * 1000000)::float8`;
    case 'modified_at':
      return sql`(extract(epoch from s.modified_at) * 1000000)::float8`;
    case 'title':
      return sql`s.title_key`;
    case 'size':
      return sql`coalesce(s.size, -1)::float8`;
    default: {
      // Words as typed weigh double: an exact match ranks above a match of a neighbour (typo tolerance).
      if (s.query) {
        const exact = sql`ts_rank_cd(s.document, ${s.parsed?.exact ?? ''}::tsquery)`;
        if (!s.parsed?.expanded) return sql`${exact}::float8`;
        return sql`(2 * ${exact} + ts_rank_cd(s.document, ${s.parsed.expanded}::tsquery))::float8`;
      }
      const color = s.filters.find((f) => f.field === 'color');
      // Nearest first: the negated distance, so that "relevance desc" puts the closest colour on top.
      if (color) return sql`coalesce(-${colorDistance((color.value as { color: string }).color)}, -1e9)::float8`;
      return sql`0::float8`;
    }
  }
}

/** Value and count pairs, most frequent first, as JSON. */
const counted = (rows: SQL) =>
  sql`(select coalesce(json_agg(json_build_object('value', v, 'count', c) order by c desc, v), '[]'::json) from (${rows}) g)`;

function facetSql(f: SqlFacet, projects: SQL): SQL {
  const grouped = (expr: SQL) =>
    counted(sql`select ${expr} as v, count(*)::int as c from m where ${expr} is not null group by 1 order by 2 desc, 1 limit 100`);
  // Arrays are unnested in the select list (one ProjectSet over the matches), about twice as fast as a lateral
  // function scan per match.
  if (f.propertyId !== undefined) {
    return counted(sql`select o as v, count(*)::int as c from (select unnest(m.option_ids) as o from m) x
      where o = any(${intArray(f.optionIds ?? [])}) group by 1 order by 2 desc, 1 limit 100`);
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
      // Counted by key; shown as the tag is written (search_tags keeps one spelling per library).
      return counted(sql`select coalesce(l.value, k.key) as v, k.c
        from (select t as key, count(*)::int as c from (select unnest(m.tag_keys) as t from m) x group by 1 order by 2 desc, 1 limit 100) k
        left join lateral (select min(st.value) as value from search_tags st where st.key = k.key and st.project_id = any(${projects})) l on true`);
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
 * One statement over the search rows alone (decision 0043): the matching live assets of the visible projects
 * (materialised once), the page after the cursor (limit + 1 rows, to know whether there is more), the total and
 * each facet's counts over the same matches. Only the description and file-name filters read `assets` too.
 */
export async function search(db: Db, s: SqlSearch): Promise<SearchRows> {
  if (s.projectIds.length === 0) return { total: 0, page: [], facets: Object.fromEntries(s.facets.map((f) => [f.name, []])) };
  const projects = intArray(s.projectIds);
  const conditions: SQL[] = [sql`s.project_id = any(${projects})`, sql`s.live`];
  for (const f of s.filters) conditions.push(filterSql(f));
  // The words and the filters the full-text index can narrow by, in one index condition.
  const tokens = s.filters.map(filterTokens).filter((t) => t !== null);
  const text = s.query ? (s.parsed?.expanded ?? s.parsed?.exact ?? '') : null;
  const words = text === null ? null : sql`${text}::tsquery`;
  const narrowed = tokens.length ? sql`${tokens.join(' & ')}::tsquery` : null;
  const tsq = words && narrowed ? sql`(${words} && ${narrowed})` : (words ?? narrowed);
  if (tsq) conditions.push(sql`s.document @@ ${tsq}`);
  const joinAssets = s.filters.some((f) => f.field === 'description' || f.field === 'filename');
  const desc = s.sort.direction === 'desc';
  const cmp = desc ? sql`<` : sql`>`;
  const dir = desc ? sql`desc` : sql`asc`;
  const keyType = s.sort.by === 'title' ? sql`text` : sql`float8`;
  const after = s.after ? sql`where (m.key, m.id) ${cmp} (${s.after.key}::${keyType}, ${s.after.id}::int)` : sql``;
  const facets = s.facets.length
    ? sql`, json_build_object(${sql.join(
        s.facets.map((f) => sql`${f.name}::text, ${facetSql(f, projects)}`),
        sql`, `,
      )}) as facets`
    : sql`, '{}'::json as facets`;
  const [row] = await rowsOf<{ total: number; page: SearchRows['page'] | null; facets: SearchRows['facets'] }>(
    db.execute(sql`
      with m as materialized (
        select s.asset_id as id, s.project_id, s.kind, s.extension, s.orientation, s.tag_keys, s.option_ids, ${sortKey(s)} as key
        from asset_search s ${joinAssets ? sql`join assets a on a.id = s.asset_id` : sql``}
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
 * Suggestions while typing (decision 0043), each an index range rather than a scan: live assets whose title starts
 * with `q` (the title-key index), then, from 3 letters, those with any word of title, tags or file name starting
 * with it (a prefix query on the full-text index, first found); folders whose name holds `q`; the libraries' tags
 * starting with `q`, most used first (search_tags).
 */
export async function suggest(db: Db, projectIds: readonly number[], q: string, limit: number): Promise<SuggestionRows> {
  if (projectIds.length === 0 || !q) return { assets: [], folders: [], tags: [] };
  const projects = intArray(projectIds);
  const needle = likeEscape(q.toLowerCase());
  const assetColumns = sql`a.id, a.title, a.project_id, s.kind, a.token, r.id as revision_id, r.status, r.preview_key, s.extension`;
  const assetJoins = sql`join assets a on a.id = s.asset_id left join asset_revisions r on r.id = a.current_revision_id`;
  // The text as title_key holds titles (lower(unaccent()), by the database's own rules), for a constant LIKE prefix
  // that the title-key index can use; and the words as the index parses them.
  const [prep] = await rowsOf<{ folded: string; words: string[] }>(
    db.execute(sql`select lower(unaccent(${q})) as folded, tsvector_to_array(to_tsvector('simple', unaccent(${q}))) as words`),
  );
  const words = prep?.words ?? [];
  const byTitle = rowsOf<SuggestionRows['assets'][number]>(
    db.execute(sql`
      select ${assetColumns} from (
        select s.asset_id, s.kind, s.extension, s.title_key from asset_search s
        where s.live and s.title_key collate "C" like ${`${likeEscape(prep?.folded ?? '')}%`} and s.project_id = any(${projects})
        order by s.title_key collate "C", s.asset_id limit ${limit}) s ${assetJoins}
      order by s.title_key collate "C", s.asset_id`),
  );
  const [titled, folders, tags] = await Promise.all([
    byTitle,
    rowsOf<SuggestionRows['folders'][number]>(
      db.execute(sql`
        select f.id, f.name, f.project_id from sets f
        where f.project_id = any(${projects}) and f.deleted_at is null and lower(f.name) like '%' || ${needle} || '%'
        order by (lower(f.name) like ${`${needle}%`}) desc, lower(f.name), f.id
        limit ${limit}`),
    ),
    rowsOf<SuggestionRows['tags'][number]>(
      db.execute(sql`
        select min(st.value) as value, sum(st.count)::int as count from search_tags st
        where st.key like ${`${needle}%`} and st.project_id = any(${projects})
        group by st.key order by 2 desc, 1
        limit ${limit}`),
    ),
  ]);
  let assets = titled;
  /**
   * More live assets whose document matches the tsquery `text`, besides those found already. The query is a value
   * the planner sees: a common word is found by reading rows until there are enough, a rare one through the index,
   * rather than the index's whole bitmap of a common word each time (decision 0044).
   */
  const more = (text: string) =>
    rowsOf<SuggestionRows['assets'][number]>(
      db.execute(sql`
        select ${assetColumns} from (
          select s.asset_id, s.kind, s.extension from asset_search s
          where s.document @@ ${text}::tsquery and s.live and s.project_id = any(${projects})
            and s.asset_id <> all(${intArray(assets.map((a) => a.id))})
          limit ${limit - assets.length}) s ${assetJoins}`),
    );
  if (assets.length < limit && [...q.trim()].length >= 3 && words.length) {
    assets = [...assets, ...(await more(words.map((w) => `${lexeme(w)}:*`).join(' & ')))];
  }
  // Nothing starts like that: a typo? The neighbours of its words in the vocabulary (as the search does).
  if (assets.length === 0 && [...q.trim()].length >= 4) {
    const expansions = new Map((await expandQuery(db, projectIds, q)).map((e) => [e.word, e.alternatives]));
    if ([...expansions.values()].some((a) => a.length))
      assets = await more(words.map((w) => `(${[w, ...(expansions.get(w) ?? [])].map(lexeme).join(' | ')})`).join(' & '));
  }
  return { assets, folders, tags };
}
