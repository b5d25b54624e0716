import { createHash } from 'node:crypto';
import {
  type AssetSearchBody,
  type AssetSearchResponse,
  type AssetType,
  CUSTOM_METADATA_SEARCH_FIELDS,
  checkFilterValue,
  customMetadataFieldId,
  levelAtLeast,
  type ProjectLevel,
  type SearchFacetValue,
  type SearchSort,
  type SearchSuggestionsQuery,
  type SearchSuggestionsResponse,
} from '@emblem/core';
import { noteChecked } from '../../access/claims.js';
import { requireProject, requireScoped } from '../../access/index.js';
import type { Db } from '../../db/client.js';
import { type Actor, isAdmin } from '../../http/actor.js';
import { NotFoundError, ValidationError } from '../../http/errors.js';
import { type AssetDeps, listAssets } from '../assets/public.js';
import { SMALL_PREVIEW_WIDTH, signedMediaUrl } from '../media/public.js';
import { visibleProjects } from '../projects/public.js';
import { postgresEngine, type SearchEngine } from './engine.js';
import * as q from './queries.js';

/** What the search operations use: the asset presenter's dependencies and the engine (PostgreSQL unless replaced). */
export interface SearchDeps {
  assets: AssetDeps;
  engine?: SearchEngine;
}

const CURSOR_ERROR = 'Is not a cursor of this search';

interface CursorData {
  b: SearchSort;
  d: 'asc' | 'desc';
  /** The search it pages: a hash of brand, library, words and filters (another search's cursor is refused). */
  h: string;
  k: number | string;
  i: number;
}

/** What a cursor is bound to: the same brand, library, words and filters. */
const searchHash = (body: AssetSearchBody) =>
  createHash('sha256')
    .update(JSON.stringify([body.brand_id, body.project_id ?? null, body.query, body.filters]))
    .digest('base64url')
    .slice(0, 16);

function encodeCursor(c: CursorData): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

/** A cursor of this search's sort and direction, or a 400 naming `cursor`. */
function decodeCursor(
  cursor: string | null | undefined,
  by: SearchSort,
  direction: 'asc' | 'desc',
  hash: string,
): { key: number | string; id: number } | null {
  if (!cursor) return null;
  let data: unknown;
  try {
    data = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new ValidationError({ cursor: [CURSOR_ERROR] });
  }
  const c = data as Partial<CursorData> | null;
  const keyFits = by === 'title' ? typeof c?.k === 'string' : typeof c?.k === 'number' && Number.isFinite(c.k);
  if (
    !c ||
    c.b !== by ||
    c.d !== direction ||
    c.h !== hash ||
    !keyFits ||
    !Number.isInteger(c.i) ||
    (c.i as number) <= 0 ||
    (c.i as number) > 2_147_483_647
  )
    throw new ValidationError({ cursor: [CURSOR_ERROR] });
  return { key: c.k as number | string, id: c.i as number };
}

/** The brand's projects the caller may search: 404 for a brand they cannot see. */
async function searchable(db: Db, actor: Actor, brandId: number) {
  return (await visibleProjects(db, actor, brandId)).filter((p) => p.projectType !== 'STYLEGUIDE');
}

/**
 * Checks every id the filters and facets name: libraries must be visible projects of the brand, creators users of
 * the account, properties of the brand (404 otherwise); custom metadata filters get their property's operators and
 * value checks (400 naming `filters.N.operator` / `filters.N.value`), facets must be select properties.
 */
async function resolve(db: Db, actor: Actor, body: AssetSearchBody, visible: Map<number, { name: string; level: ProjectLevel }>) {
  for (const f of body.filters) {
    if (f.field !== 'library' && f.field !== 'creator') continue;
    const ids = (Array.isArray(f.value) ? f.value : [f.value]) as number[];
    for (const id of ids) {
      if (f.field === 'library') {
        noteChecked('project', id);
        if (!visible.has(id)) throw new NotFoundError('No such library');
      } else {
        requireScoped('user', id, await q.isAccountUser(db, actor.accountId, id));
      }
    }
  }
  const propertyIds = new Set<number>();
  for (const f of body.filters) {
    const id = customMetadataFieldId(f.field);
    if (id !== null) propertyIds.add(id);
  }
  for (const f of body.facets) {
    const id = customMetadataFieldId(f);
    if (id !== null) propertyIds.add(id);
  }
  const properties = new Map((await q.brandProperties(db, body.brand_id, [...propertyIds])).map((p) => [p.id, p]));
  for (const id of propertyIds) if (!properties.has(id)) throw new NotFoundError('No such custom metadata property');
  // A property that is not viewable shows only to those who edit the library (decision 0040): filtering or counting
  // by it would reveal its values, so it exists for search only to people with EDIT on every project searched.
  if ([...properties.values()].some((p) => !p.is_viewable) && !isAdmin(actor)) {
    if (![...visible.values()].every((p) => levelAtLeast(p.level, 'EDIT'))) throw new NotFoundError('No such custom metadata property');
  }

  const filters: q.SqlFilter[] = body.filters.map((f, i) => {
    const id = customMetadataFieldId(f.field);
    if (id === null) return { field: f.field, operator: f.operator, value: f.value };
    const property = properties.get(id) as q.PropertyRow;
    const spec = CUSTOM_METADATA_SEARCH_FIELDS[property.type];
    if (!spec) throw new ValidationError({ [`filters.${i}.field`]: [`${f.field} cannot be searched`] });
    if (!(spec.operators as readonly string[]).includes(f.operator))
      throw new ValidationError({
        [`filters.${i}.operator`]: [`${f.operator} does not fit a ${property.type} property; use ${spec.operators.join(', ')}`],
      });
    const checked = checkFilterValue(spec, f.operator, f.value);
    if (!checked.ok) throw new ValidationError({ [`filters.${i}.value`]: [checked.message] });
    if (spec.value === 'id' && checked.value !== null) {
      const options = new Set(property.option_ids.map(Number));
      const asked = (Array.isArray(checked.value) ? checked.value : [checked.value]) as number[];
      const unknown = asked.filter((o) => !options.has(o));
      if (unknown.length) throw new ValidationError({ [`filters.${i}.value`]: [`Not an option of this property: ${unknown.join(', ')}`] });
    }
    return { field: f.field, operator: f.operator, value: checked.value, propertyId: id, propertyType: property.type };
  });

  const facets: q.SqlFacet[] = body.facets.map((name, i) => {
    const id = customMetadataFieldId(name);
    if (id === null) return { name, field: name };
    const property = properties.get(id) as q.PropertyRow;
    if (!CUSTOM_METADATA_SEARCH_FIELDS[property.type]?.facet)
      throw new ValidationError({ [`facets.${i}`]: [`Only SELECT and MULTISELECT properties have facets`] });
    return { name, field: name, propertyId: id, optionIds: property.option_ids.map(Number) };
  });
  return { filters, facets };
}

/**
 * POST /api/asset/search: the live assets of the brand's libraries and workspace projects the caller can see (or
 * of one of them), matched by words and filters, one page of them presented like POST /api/asset/list items, the
 * total and the facets' counts over every match.
 */
export async function searchAssets(deps: SearchDeps, actor: Actor, body: AssetSearchBody): Promise<AssetSearchResponse> {
  const { db } = deps.assets;
  const engine = deps.engine ?? postgresEngine;
  const projects = await searchable(db, actor, body.brand_id);
  const visible = new Map(projects.map((p) => [p.id, p]));
  let projectIds = projects.map((p) => p.id);
  if (body.project_id !== undefined) {
    await requireProject(db, actor, body.project_id, 'project.view');
    if (!visible.has(body.project_id)) throw new NotFoundError();
    projectIds = [body.project_id];
  }
  const { filters, facets } = await resolve(db, actor, body, visible);
  const ranked = body.query !== '' || filters.some((f) => f.field === 'color');
  const sort = body.sort ?? { by: ranked ? 'relevance' : 'created_at', direction: 'desc' as const };
  const hash = searchHash(body);
  const after = decodeCursor(body.cursor, sort.by, sort.direction, hash);
  const rows = await engine.search(db, { projectIds, query: body.query, filters, facets, sort, after, limit: body.limit });

  const page = rows.page.slice(0, body.limit);
  const last = page.at(-1);
  const next =
    rows.page.length > body.limit && last ? encodeCursor({ b: sort.by, d: sort.direction, h: hash, k: last.key, i: last.id }) : null;
  const ids = page.map((p) => p.id);
  const optionIds = facets
    .filter((f) => f.propertyId !== undefined)
    .flatMap((f) => (rows.facets[f.name] ?? []).map((v) => Number(v.value)));
  const [items, options] = await Promise.all([
    ids.length ? listAssets(deps.assets, actor, { ids, include_preview_url: true }).then((p) => p.items) : [],
    q.optionLabels(db, optionIds),
  ]);
  const labels = new Map(options.map((o) => [o.id, o.value]));
  const out: Record<string, SearchFacetValue[]> = {};
  for (const f of facets) {
    out[f.name] = (rows.facets[f.name] ?? []).map((v) => {
      if (f.field === 'library') return { ...v, label: visible.get(Number(v.value))?.name ?? '' };
      if (f.propertyId !== undefined) return { ...v, label: labels.get(Number(v.value)) ?? '' };
      return v;
    });
  }
  return { items, facets: out, total: rows.total, next_cursor: next };
}

/** GET /api/asset/search/suggestions: assets, folders and tags of the visible projects, as the person types. */
export async function searchSuggestions(deps: SearchDeps, actor: Actor, query: SearchSuggestionsQuery): Promise<SearchSuggestionsResponse> {
  const { db, secret } = deps.assets;
  const engine = deps.engine ?? postgresEngine;
  const projects = await searchable(db, actor, query.brand_id);
  const rows = await engine.suggest(
    db,
    projects.map((p) => p.id),
    query.q,
    query.limit,
  );
  return {
    assets: rows.assets.map((a) => {
      const finished = a.status === 'FINISHED' && a.revision_id !== null;
      let thumbnail: string | null = null;
      if (finished && a.revision_id !== null)
        thumbnail = a.preview_key
          ? signedMediaUrl(secret, a.token, a.revision_id, { width: SMALL_PREVIEW_WIDTH })
          : `/api/file-icon/file-${a.extension || 'file'}.svg`;
      return { id: a.id, title: a.title, project_id: a.project_id, type: (a.kind ?? 'File') as AssetType, thumbnail_url: thumbnail };
    }),
    folders: rows.folders,
    tags: rows.tags,
  };
}
