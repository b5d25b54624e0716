import {
  type AssetResponse,
  assetSearchBodySchema,
  CUSTOM_METADATA_SEARCH_FIELDS,
  type CustomMetadataSearchType,
  customMetadataFieldId,
  encodeBase64Id,
  FILTER_OPERATORS,
  isSearchField,
  LIST_OPERATORS,
  SEARCH_FIELDS,
  SEARCH_SORTS,
  type SearchFacetValue,
} from '@emblem/core';
import { actorOf, builder, type GqlContext, numericId } from '../../graphql/builder.js';
import { parse } from '../../http/validate.js';
import * as op from './operations.js';
import { brandProperties } from './queries.js';

/*
 * The workspace asset search in GraphQL (data-api.md §7.2): the resolver turns its arguments into the REST body,
 * parses it with the REST schema and calls the same operation, so access, refusals and results are those of
 * POST /api/asset/search (docs/api.md "Search").
 */

interface FilterArg {
  field: string;
  operator: (typeof FILTER_OPERATORS)[number];
  value?: string | null;
  values?: readonly string[] | null;
  distance?: number | null;
}

/**
 * A GraphQL filter as the REST body has it: numbers for number and id fields (custom metadata ones by their
 * property's type, `types`), a list for list operators, `{color, distance}`.
 */
function restFilter(f: FilterArg, types: ReadonlyMap<number, CustomMetadataSearchType>) {
  const propertyId = customMetadataFieldId(f.field);
  const propertyType = propertyId === null ? undefined : types.get(propertyId);
  const kind = isSearchField(f.field)
    ? SEARCH_FIELDS[f.field].value
    : propertyType
      ? CUSTOM_METADATA_SEARCH_FIELDS[propertyType].value
      : null;
  const read = (v: string) => ((kind === 'number' || kind === 'id') && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v);
  let value: unknown = f.value === undefined || f.value === null ? undefined : read(f.value);
  if (LIST_OPERATORS.includes(f.operator)) value = f.values ? f.values.map(read) : value;
  if (kind === 'color' && typeof value === 'string' && f.distance !== undefined && f.distance !== null)
    value = { color: value, distance: f.distance };
  return { field: f.field, operator: f.operator, ...(value === undefined ? {} : { value }) };
}

/** Adds the search's GraphQL types and the `workspaceAssetSearch` query (called once, by graphql/schema.ts). */
export function searchGraphql(): void {
  const deps = (ctx: GqlContext): op.SearchDeps => ({
    assets: { db: ctx.db, secret: ctx.config.sessionSecret, jobsEnqueued: ctx.jobsEnqueued },
  });

  const FilterOperatorEnum = builder.enumType('FilterOperator', { values: FILTER_OPERATORS });
  const SortByEnum = builder.enumType('AssetSearchSortBy', { values: SEARCH_SORTS });
  const DirectionEnum = builder.enumType('AssetSearchDirection', { values: ['asc', 'desc'] as const });

  const FilterInput = builder.inputType('AssetSearchFilterInput', {
    fields: (t) => ({
      field: t.string({ required: true }),
      operator: t.field({ type: FilterOperatorEnum, required: true }),
      /** One value (a number, id, date, text or #rrggbb, as text); none for IS_EMPTY and IS_NOT_EMPTY. */
      value: t.string({ required: false }),
      /** The values of IS_ONE_OF and IS_NOT_ONE_OF. */
      values: t.stringList({ required: false }),
      /** A colour filter's largest ΔE. */
      distance: t.float({ required: false }),
    }),
  });
  const SortInput = builder.inputType('AssetSearchSortInput', {
    fields: (t) => ({
      by: t.field({ type: SortByEnum, required: true }),
      direction: t.field({ type: DirectionEnum, required: false }),
    }),
  });

  const Hit = builder.objectRef<AssetResponse>('AssetSearchHit').implement({
    fields: (t) => ({
      id: t.id({ resolve: (a) => encodeBase64Id('Asset', a.id) }),
      projectId: t.id({ resolve: (a) => encodeBase64Id('Project', a.project_id) }),
      title: t.exposeString('title'),
      description: t.exposeString('description'),
      type: t.exposeString('type'),
      status: t.exposeString('status'),
      extension: t.string({ nullable: true, resolve: (a) => a.extension }),
      filename: t.string({ nullable: true, resolve: (a) => a.filename }),
      size: t.float({ nullable: true, resolve: (a) => a.size }),
      width: t.int({ nullable: true, resolve: (a) => a.width }),
      height: t.int({ nullable: true, resolve: (a) => a.height }),
      thumbnailUrl: t.string({ nullable: true, resolve: (a) => a.thumbnail_url }),
      previewUrl: t.string({ nullable: true, resolve: (a) => a.preview_url }),
      previewBackgroundColor: t.string({ nullable: true, resolve: (a) => a.preview_background_color }),
      createdAt: t.exposeString('created_at'),
      modifiedAt: t.exposeString('modified_at'),
      tags: t.stringList({ resolve: (a) => (a.tags ?? []).map((g) => g.value) }),
    }),
  });
  const FacetValue = builder.objectRef<SearchFacetValue>('AssetSearchFacetValue').implement({
    fields: (t) => ({
      value: t.string({ resolve: (v) => String(v.value) }),
      count: t.exposeInt('count'),
      label: t.string({ nullable: true, resolve: (v) => v.label ?? null }),
    }),
  });
  const Facet = builder.objectRef<{ field: string; values: SearchFacetValue[] }>('AssetSearchFacet').implement({
    fields: (t) => ({ field: t.exposeString('field'), values: t.field({ type: [FacetValue], resolve: (f) => f.values }) }),
  });
  const Result = builder
    .objectRef<{ items: AssetResponse[]; facets: Record<string, SearchFacetValue[]>; total: number; next_cursor: string | null }>(
      'AssetSearchResult',
    )
    .implement({
      fields: (t) => ({
        items: t.field({ type: [Hit], resolve: (r) => r.items }),
        facets: t.field({ type: [Facet], resolve: (r) => Object.entries(r.facets).map(([field, values]) => ({ field, values })) }),
        total: t.exposeInt('total'),
        nextCursor: t.string({ nullable: true, resolve: (r) => r.next_cursor }),
      }),
    });

  builder.queryFields((t) => ({
    workspaceAssetSearch: t.field({
      type: Result,
      args: {
        brandId: t.arg.id({ required: true }),
        projectId: t.arg.id({ required: false }),
        query: t.arg.string({ required: false }),
        filters: t.arg({ type: [FilterInput], required: false }),
        facets: t.arg.stringList({ required: false }),
        sort: t.arg({ type: SortInput, required: false }),
        cursor: t.arg.string({ required: false }),
        limit: t.arg.int({ required: false }),
      },
      resolve: async (_r, args, ctx) => {
        const brandId = numericId(args.brandId, 'Brand');
        // The types of the custom metadata properties filtered on (values arrive as text); the operation checks them.
        const propertyIds = (args.filters ?? []).map((f) => customMetadataFieldId(f.field)).filter((id) => id !== null);
        const types = new Map((await brandProperties(ctx.db, brandId, propertyIds)).map((p) => [p.id, p.type]));
        const body = parse(assetSearchBodySchema, {
          brand_id: brandId,
          ...(args.projectId ? { project_id: numericId(args.projectId, 'Project') } : {}),
          ...(args.query ? { query: args.query } : {}),
          ...(args.filters ? { filters: args.filters.map((f) => restFilter(f, types)) } : {}),
          ...(args.facets ? { facets: args.facets } : {}),
          ...(args.sort ? { sort: { by: args.sort.by, ...(args.sort.direction ? { direction: args.sort.direction } : {}) } } : {}),
          ...(args.cursor ? { cursor: args.cursor } : {}),
          ...(args.limit !== undefined && args.limit !== null ? { limit: args.limit } : {}),
        });
        return op.searchAssets(deps(ctx), actorOf(ctx), body);
      },
    }),
  }));
}
