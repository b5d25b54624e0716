import {
  CUSTOM_METADATA_FIELD_PREFIX,
  CUSTOM_METADATA_SEARCH_FIELDS,
  type CustomMetadataSearchType,
  customMetadataFieldId,
  type FilterOperator,
  isSearchField,
  LIST_OPERATORS,
  SEARCH_FIELDS,
  type SearchField,
  type SearchValueKind,
  VALUELESS_OPERATORS,
} from '@emblem/core';

/**
 * The filter panel's view of the search fields: the static ones of core's SEARCH_FIELDS (the table the server
 * checks filters against) and the brand's custom metadata properties (`custom_metadata.<id>`), each with the
 * operators that fit it and the kind of value input it needs.
 */
/** A brand's custom metadata property, as much of it as the filters use. */
export interface MetadataProperty {
  id: number;
  name: string;
  type: CustomMetadataSearchType;
  options: { id: number; value: string }[];
}

export interface FieldChoice {
  /** The field as the API names it (`type`, `custom_metadata.12`). */
  field: string;
  operators: readonly FilterOperator[];
  value: SearchValueKind;
  /** Known values: the enum's, or a select property's options (id → label). */
  values?: readonly { id: string; label?: string }[];
  /** A custom metadata property's name; static fields are named through i18n (`search.fields.<field>`). */
  name?: string;
  facet: boolean;
}

/** The static fields, in the order the "Add filter" menu lists them. */
export const STATIC_FIELD_ORDER: readonly SearchField[] = [
  'type',
  'file_type_group',
  'extension',
  'tags',
  'title',
  'filename',
  'description',
  'orientation',
  'width',
  'height',
  'size',
  'color',
  'created_at',
  'modified_at',
  'expires_at',
  'status',
  'library',
  'creator',
];

export function staticField(field: SearchField): FieldChoice {
  const spec = SEARCH_FIELDS[field];
  const values = 'values' in spec ? spec.values.map((id) => ({ id })) : undefined;
  return { field, operators: spec.operators, value: spec.value, facet: spec.facet, ...(values ? { values } : {}) };
}

export function propertyField(property: MetadataProperty): FieldChoice {
  const spec = CUSTOM_METADATA_SEARCH_FIELDS[property.type];
  const isSelect = property.type === 'SELECT' || property.type === 'MULTISELECT';
  return {
    field: `${CUSTOM_METADATA_FIELD_PREFIX}${property.id}`,
    operators: spec.operators,
    value: spec.value,
    facet: spec.facet,
    name: property.name,
    ...(isSelect ? { values: property.options.map((o) => ({ id: String(o.id), label: o.value })) } : {}),
  };
}

/** Every field a filter can use: the static ones, then the brand's properties. */
export function fieldChoices(properties: readonly MetadataProperty[]): FieldChoice[] {
  // Library and creator take ids: without a picker for them they are reached through the facets (library) only.
  const statics = STATIC_FIELD_ORDER.filter((f) => f !== 'library' && f !== 'creator').map(staticField);
  return [...statics, ...properties.map(propertyField)];
}

/** The field choice of a field name, or null when it is neither a static field nor a known property. */
export function fieldChoice(field: string, properties: readonly MetadataProperty[]): FieldChoice | null {
  if (isSearchField(field)) return staticField(field);
  const id = customMetadataFieldId(field);
  const property = id === null ? undefined : properties.find((p) => p.id === id);
  return property ? propertyField(property) : null;
}

export function isValueless(operator: FilterOperator): boolean {
  return VALUELESS_OPERATORS.includes(operator);
}

export function isListOperator(operator: FilterOperator): boolean {
  return LIST_OPERATORS.includes(operator);
}

/** Whether an operator fits a field (the filter builder offers only these). */
export function operatorFits(choice: FieldChoice, operator: FilterOperator): boolean {
  return choice.operators.includes(operator);
}
