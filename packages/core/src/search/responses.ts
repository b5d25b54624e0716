import type { AssetResponse, AssetType } from '../assets/responses.js';

/** What the asset search answers (docs/api.md "Search"). */

/**
 * One value of a facet and how many assets of the filtered result have it. `label` is what to show when the value
 * is an id: the library's name (facet `library`) or the option's value (facet `custom_metadata.<id>`).
 */
export interface SearchFacetValue {
  value: string | number;
  count: number;
  label?: string;
}

/** POST /api/asset/search. `items` have the shape of POST /api/asset/list items; `total` counts every match. */
export interface AssetSearchResponse {
  items: AssetResponse[];
  facets: Record<string, SearchFacetValue[]>;
  total: number;
  next_cursor: string | null;
}

/** GET /api/asset/search/suggestions. */
export interface SearchSuggestionsResponse {
  assets: { id: number; title: string; project_id: number; type: AssetType; thumbnail_url: string | null }[];
  folders: { id: number; name: string; project_id: number }[];
  tags: { value: string; count: number }[];
}
