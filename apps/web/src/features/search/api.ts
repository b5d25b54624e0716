import type { AssetSearchInput, AssetSearchResponse, FilterOperator, SearchSuggestionsResponse } from '@emblem/core';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api';
import { type FieldChoice, fieldChoice, type MetadataProperty } from './fields';
import type { SearchState, SortChoice, UrlFilter } from './url';

/**
 * The asset search (docs/api.md "Search"): POST /api/asset/search for the results page, GET
 * /api/asset/search/suggestions for the header field, and the brand's custom metadata properties for the filters.
 */

export type { AssetSearchResponse, SearchFacetValue, SearchSuggestionsResponse } from '@emblem/core';

export type { MetadataProperty } from './fields';

export interface ApiFilter {
  field: string;
  operator: FilterOperator;
  value?: unknown;
}

/** The request body of POST /api/asset/search as this page sends it. */
export type SearchBody = AssetSearchInput & { brand_id: number };

export const SEARCH_PAGE_SIZE = 50;
export const SUGGESTION_LIMIT = 5;

/** The facets the results page shows: the static ones, then each select property. */
export const STATIC_FACETS = ['type', 'file_type_group', 'extension', 'tags', 'library'] as const;

export const searchKeys = {
  all: ['search'] as const,
  results: (brandId: number, body: unknown) => [...searchKeys.all, 'results', brandId, body] as const,
  suggestions: (brandId: number, q: string) => [...searchKeys.all, 'suggestions', brandId, q] as const,
  properties: (brandId: number) => ['custom-metadata-properties', brandId] as const,
};

const SORTS: Record<SortChoice, NonNullable<AssetSearchInput['sort']>> = {
  relevance: { by: 'relevance', direction: 'desc' },
  newest: { by: 'created_at', direction: 'desc' },
  oldest: { by: 'created_at', direction: 'asc' },
  title: { by: 'title', direction: 'asc' },
  size: { by: 'size', direction: 'desc' },
};

function typed(value: string, kind: FieldChoice['value']): unknown {
  if (kind === 'number' || kind === 'id') {
    const n = Number(value);
    return value.trim() !== '' && Number.isFinite(n) ? n : value;
  }
  return value;
}

/** A filter of the address as the API takes it: numbers and ids as numbers, a colour with its distance. */
export function toApiFilter(filter: UrlFilter, choice: FieldChoice | null): ApiFilter {
  const kind = choice?.value ?? 'text';
  const { field, operator, values } = filter;
  if (values.length === 0) return { field, operator };
  if (operator === 'IS_ONE_OF' || operator === 'IS_NOT_ONE_OF') return { field, operator, value: values.map((v) => typed(v, kind)) };
  if (kind === 'color' && values[1]) return { field, operator, value: { color: values[0], distance: Number(values[1]) } };
  return { field, operator, value: typed(values[0] ?? '', kind) };
}

/** The request body of a search state (without the cursor). */
export function searchBody(brandId: number, state: SearchState, properties: readonly MetadataProperty[]): SearchBody {
  const facets = [
    ...STATIC_FACETS,
    ...properties.filter((p) => p.type === 'SELECT' || p.type === 'MULTISELECT').map((p) => `custom_metadata.${p.id}`),
  ];
  const q = state.q.trim();
  return {
    brand_id: brandId,
    ...(q ? { query: q } : {}),
    filters: state.filters.map((f) => toApiFilter(f, fieldChoice(f.field, properties))),
    facets,
    sort: SORTS[state.sort],
    limit: SEARCH_PAGE_SIZE,
  };
}

export function searchQuery(body: SearchBody) {
  return infiniteQueryOptions({
    queryKey: searchKeys.results(body.brand_id, body),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api<AssetSearchResponse>('/api/asset/search', {
        method: 'POST',
        signal,
        body: { ...body, ...(pageParam ? { cursor: pageParam } : {}) },
      }),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    // Results carry signed preview URLs, like a folder's listing.
    staleTime: 60_000,
    retry: false,
  });
}

export function suggestionsQuery(brandId: number, q: string) {
  return queryOptions({
    queryKey: searchKeys.suggestions(brandId, q),
    // A newer term makes this query unused: TanStack Query aborts its request through the signal.
    queryFn: ({ signal }) =>
      api<SearchSuggestionsResponse>(
        `/api/asset/search/suggestions?${new URLSearchParams({ brand_id: String(brandId), q, limit: String(SUGGESTION_LIMIT) })}`,
        {
          signal,
        },
      ),
    staleTime: 30_000,
    retry: false,
  });
}

/** The brand's custom metadata properties; none while that route does not exist (404) or cannot be read. */
export function metadataPropertiesQuery(brandId: number) {
  return queryOptions({
    queryKey: searchKeys.properties(brandId),
    queryFn: async ({ signal }) => {
      try {
        const data = await api<{ properties: MetadataProperty[] }>(`/api/brand/${brandId}/custom-metadata-properties`, { signal });
        return data.properties;
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 403)) return [];
        throw error;
      }
    },
    staleTime: 5 * 60_000,
    retry: false,
  });
}
