import { z } from 'zod';
import { refId } from '../shared/idSchemas.js';
import {
  CUSTOM_METADATA_OPERATORS,
  customMetadataFieldId,
  FILTER_OPERATORS,
  type FilterOperator,
  isSearchField,
  SEARCH_FIELDS,
  type SearchField,
} from './fields.js';
import { checkFilterValue, type SearchFilterValue } from './values.js';

/** Request schemas of the asset search (issue 13 §3, decision 0039). */

export const SEARCH_SORTS = ['relevance', 'created_at', 'modified_at', 'title', 'size'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const SEARCH_LIMIT_DEFAULT = 50;
export const SEARCH_LIMIT_MAX = 100;
export const SEARCH_QUERY_MAX = 200;
export const SEARCH_FILTERS_MAX = 30;
export const SEARCH_FACETS_MAX = 20;
export const SUGGESTIONS_LIMIT_DEFAULT = 5;
export const SUGGESTIONS_LIMIT_MAX = 20;

/**
 * One filter once checked. A `custom_metadata.<id>` filter has passed the operators any custom type allows; the
 * server checks it again against the property's own type (and that the property is of the brand).
 */
export interface SearchFilter {
  field: SearchField | `custom_metadata.${number}`;
  operator: FilterOperator;
  value: SearchFilterValue;
}

const rawFilter = z
  .object({
    field: z.string({ error: 'Must be a string' }).max(100, 'Is too long'),
    operator: z.enum(FILTER_OPERATORS, { error: `Must be one of ${FILTER_OPERATORS.join(', ')}` }),
    value: z.unknown().optional(),
  })
  .strict();

/** A filter: the field must exist, the operator must fit it and the value must fit both (messages name `field`, `operator` or `value`). */
export const searchFilterSchema = rawFilter.transform((f, ctx): SearchFilter => {
  const fail = (key: 'field' | 'operator' | 'value', message: string) => {
    ctx.addIssue({ code: 'custom', message, path: [key] });
    return z.NEVER;
  };
  if (isSearchField(f.field)) {
    const spec = SEARCH_FIELDS[f.field];
    if (!(spec.operators as readonly string[]).includes(f.operator))
      return fail('operator', `${f.operator} does not fit ${f.field}; use ${spec.operators.join(', ')}`);
    const checked = checkFilterValue(spec, f.operator, f.value);
    if (!checked.ok) return fail('value', checked.message);
    return { field: f.field, operator: f.operator, value: checked.value };
  }
  const propertyId = customMetadataFieldId(f.field);
  if (propertyId === null) return fail('field', `Unknown field ${f.field}`);
  if (!CUSTOM_METADATA_OPERATORS.includes(f.operator)) return fail('operator', `${f.operator} does not fit custom metadata`);
  // The value is checked against the property's type by the server, which knows it.
  return {
    field: `custom_metadata.${propertyId}`,
    operator: f.operator,
    value: f.value === undefined ? null : (f.value as SearchFilterValue),
  };
});

/** A facet: a static field that allows facets, or `custom_metadata.<id>` (the server checks it is a select property of the brand). */
export const searchFacetSchema = z.string({ error: 'Must be a string' }).superRefine((f, ctx) => {
  if (isSearchField(f) ? SEARCH_FIELDS[f].facet : customMetadataFieldId(f) !== null) return;
  ctx.addIssue({ code: 'custom', message: `No facet for ${f}` });
});

export const searchSortSchema = z
  .object({
    by: z.enum(SEARCH_SORTS, { error: `Must be one of ${SEARCH_SORTS.join(', ')}` }),
    direction: z.enum(['asc', 'desc'], { error: 'Must be asc or desc' }).optional().default('desc'),
  })
  .strict();
export type SearchSortInput = z.output<typeof searchSortSchema>;

/**
 * POST /api/asset/search: the brand's libraries and workspace projects the caller can see (or one of them,
 * `project_id`), matched by `query` (words, typo tolerant) and narrowed by `filters` (all must hold). Without a
 * sort: relevance with a query or a colour filter, newest first otherwise.
 */
export const assetSearchBodySchema = z
  .object({
    brand_id: refId('brand'),
    project_id: refId('project').optional(),
    query: z
      .string({ error: 'Must be a string' })
      .max(SEARCH_QUERY_MAX, `At most ${SEARCH_QUERY_MAX} characters`)
      .transform((s) => s.replace(/\s+/g, ' ').trim())
      .optional()
      .default(''),
    filters: z
      .array(searchFilterSchema, { error: 'Must be a list of filters' })
      .max(SEARCH_FILTERS_MAX, `At most ${SEARCH_FILTERS_MAX} filters`)
      .optional()
      .default([]),
    facets: z
      .array(searchFacetSchema, { error: 'Must be a list of fields' })
      .max(SEARCH_FACETS_MAX, `At most ${SEARCH_FACETS_MAX} facets`)
      .transform((l) => [...new Set(l)])
      .optional()
      .default([]),
    sort: searchSortSchema.optional(),
    cursor: z.string({ error: 'Must be a string' }).max(1000, 'Is not a cursor of this search').nullable().optional(),
    limit: z
      .number({ error: 'Must be a number' })
      .int('Must be a whole number')
      .min(1, 'At least 1')
      .max(SEARCH_LIMIT_MAX, `At most ${SEARCH_LIMIT_MAX}`)
      .optional()
      .default(SEARCH_LIMIT_DEFAULT),
  })
  .strict();
export type AssetSearchBody = z.output<typeof assetSearchBodySchema>;
export type AssetSearchInput = z.input<typeof assetSearchBodySchema>;

/** GET /api/asset/search/suggestions?brand_id&q&limit: assets, folders and tags starting like `q` (or close to it). */
export const searchSuggestionsQuerySchema = z
  .object({
    brand_id: refId('brand'),
    q: z
      .string({ error: 'Must be a string' })
      .max(100, 'At most 100 characters')
      .transform((s) => s.replace(/\s+/g, ' ').trim())
      .optional()
      .default(''),
    limit: z.coerce
      .number({ error: 'Must be a number' })
      .int('Must be a whole number')
      .min(1, 'At least 1')
      .max(SUGGESTIONS_LIMIT_MAX, `At most ${SUGGESTIONS_LIMIT_MAX}`)
      .optional()
      .default(SUGGESTIONS_LIMIT_DEFAULT),
  })
  .strict();
export type SearchSuggestionsQuery = z.output<typeof searchSuggestionsQuerySchema>;
