import { FILE_TYPE_GROUPS } from '../files/types.js';

/**
 * The fields of the asset search (issue 13 §3, decision 0039): which filter operators fit each field and what value
 * each takes. The server refuses a filter this table does not allow; the web filter panel builds its controls from it.
 */

/** The filter operators of data-api.md §3. */
export const FILTER_OPERATORS = [
  'CONTAINS',
  'DOES_NOT_CONTAIN',
  'ENDS_WITH',
  'IS',
  'IS_AFTER',
  'IS_AT',
  'IS_BEFORE',
  'IS_EMPTY',
  'IS_NOT',
  'IS_NOT_EMPTY',
  'IS_NOT_ONE_OF',
  'IS_ONE_OF',
  'STARTS_WITH',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/** Operators that take no value (the value is left out or null). */
export const VALUELESS_OPERATORS: readonly FilterOperator[] = ['IS_EMPTY', 'IS_NOT_EMPTY'];
/** Operators that take a list of values. */
export const LIST_OPERATORS: readonly FilterOperator[] = ['IS_ONE_OF', 'IS_NOT_ONE_OF'];

/**
 * What a filter's value is:
 * - `enum`: one of the field's `values`;
 * - `text`: a string (compared ignoring case and accents);
 * - `id`: a record id (a library's project id, a user id, an option id of a select property);
 * - `number`: a number; IS_AFTER means greater than, IS_BEFORE less than;
 * - `date`: `YYYY-MM-DD` or an ISO date-time; IS_AT is that day (UTC);
 * - `color`: `#rrggbb`, or `{color, distance}` (CIE76 ΔE, default COLOR_DISTANCE_DEFAULT).
 */
export type SearchValueKind = 'enum' | 'text' | 'id' | 'number' | 'date' | 'color';

export interface SearchFieldSpec {
  operators: readonly FilterOperator[];
  value: SearchValueKind;
  /** The values an `enum` field takes. */
  values?: readonly string[];
  /** Whether the field can be asked for as a facet. */
  facet: boolean;
}

/** The asset types (AssetResponse `type`). */
export const SEARCH_ASSET_TYPES = ['Image', 'Video', 'Audio', 'Document', 'File', 'EmbeddedContent'] as const;
export const SEARCH_FILE_TYPE_GROUPS = [...(Object.keys(FILE_TYPE_GROUPS) as (keyof typeof FILE_TYPE_GROUPS)[]), 'other'] as const;
export const ORIENTATIONS = ['LANDSCAPE', 'PORTRAIT', 'SQUARE'] as const;
export type Orientation = (typeof ORIENTATIONS)[number];
export const SEARCH_ASSET_STATUSES = ['PROCESSING', 'FINISHED', 'PROCESSING_FAILED'] as const;

/** The default and largest ΔE of "near this colour". */
export const COLOR_DISTANCE_DEFAULT = 20;
export const COLOR_DISTANCE_MAX = 200;

const CHOICE: readonly FilterOperator[] = ['IS', 'IS_NOT', 'IS_ONE_OF', 'IS_NOT_ONE_OF'];
const TEXT: readonly FilterOperator[] = [
  'IS',
  'IS_NOT',
  'CONTAINS',
  'DOES_NOT_CONTAIN',
  'STARTS_WITH',
  'ENDS_WITH',
  'IS_EMPTY',
  'IS_NOT_EMPTY',
];
const NUMBER: readonly FilterOperator[] = ['IS', 'IS_NOT', 'IS_AFTER', 'IS_BEFORE'];
const DATE: readonly FilterOperator[] = ['IS_AT', 'IS_BEFORE', 'IS_AFTER'];
const EMPTY: readonly FilterOperator[] = ['IS_EMPTY', 'IS_NOT_EMPTY'];

/** Every field of an asset that search filters on, but custom metadata (CUSTOM_METADATA_SEARCH_FIELDS). */
export const SEARCH_FIELDS = {
  type: { operators: CHOICE, value: 'enum', values: SEARCH_ASSET_TYPES, facet: true },
  file_type_group: { operators: CHOICE, value: 'enum', values: SEARCH_FILE_TYPE_GROUPS, facet: true },
  extension: { operators: CHOICE, value: 'text', facet: true },
  orientation: { operators: CHOICE, value: 'enum', values: ORIENTATIONS, facet: true },
  status: { operators: CHOICE, value: 'enum', values: SEARCH_ASSET_STATUSES, facet: false },
  library: { operators: CHOICE, value: 'id', facet: true },
  creator: { operators: CHOICE, value: 'id', facet: false },
  tags: { operators: [...CHOICE, 'CONTAINS', 'DOES_NOT_CONTAIN', 'STARTS_WITH', 'ENDS_WITH', ...EMPTY], value: 'text', facet: true },
  title: { operators: TEXT, value: 'text', facet: false },
  filename: { operators: TEXT, value: 'text', facet: false },
  description: { operators: TEXT, value: 'text', facet: false },
  width: { operators: NUMBER, value: 'number', facet: false },
  height: { operators: NUMBER, value: 'number', facet: false },
  size: { operators: NUMBER, value: 'number', facet: false },
  created_at: { operators: DATE, value: 'date', facet: false },
  modified_at: { operators: DATE, value: 'date', facet: false },
  expires_at: { operators: [...DATE, ...EMPTY], value: 'date', facet: false },
  color: { operators: ['IS'], value: 'color', facet: false },
} as const satisfies Record<string, SearchFieldSpec>;
export type SearchField = keyof typeof SEARCH_FIELDS;

/** How each custom metadata type is searched: TEXT like a title, NUMBER like a size, DATE like a date, selects by option id. */
export const CUSTOM_METADATA_SEARCH_FIELDS = {
  TEXT: { operators: TEXT, value: 'text', facet: false },
  LONGTEXT: { operators: TEXT, value: 'text', facet: false },
  URL: { operators: TEXT, value: 'text', facet: false },
  NUMBER: { operators: [...NUMBER, ...EMPTY], value: 'number', facet: false },
  DATE: { operators: [...DATE, ...EMPTY], value: 'date', facet: false },
  SELECT: { operators: [...CHOICE, ...EMPTY], value: 'id', facet: true },
  MULTISELECT: { operators: [...CHOICE, ...EMPTY], value: 'id', facet: true },
} as const satisfies Record<string, SearchFieldSpec>;
export type CustomMetadataSearchType = keyof typeof CUSTOM_METADATA_SEARCH_FIELDS;

/** The prefix of a custom metadata field: `custom_metadata.<propertyId>`. */
export const CUSTOM_METADATA_FIELD_PREFIX = 'custom_metadata.';
const CUSTOM_FIELD = /^custom_metadata\.([1-9][0-9]{0,9})$/;

/** The property id a `custom_metadata.<id>` field names, or null when the field is not one. */
export function customMetadataFieldId(field: string): number | null {
  const m = CUSTOM_FIELD.exec(field);
  if (!m) return null;
  const id = Number(m[1]);
  return id <= 2_147_483_647 ? id : null;
}

export function isSearchField(field: string): field is SearchField {
  return Object.hasOwn(SEARCH_FIELDS, field);
}

/** The static fields that can be facets. */
export const SEARCH_FACET_FIELDS = (Object.keys(SEARCH_FIELDS) as SearchField[]).filter((f) => SEARCH_FIELDS[f].facet);

/** The operators any custom metadata type allows: a `custom_metadata.<id>` filter must use one of them before its type is known. */
export const CUSTOM_METADATA_OPERATORS: readonly FilterOperator[] = [
  ...new Set(Object.values(CUSTOM_METADATA_SEARCH_FIELDS).flatMap((s) => s.operators as readonly FilterOperator[])),
];
