import type { SearchFacetValue } from '@emblem/core';
import { useId, useState } from 'react';
import { Checkbox } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';
import { Button } from '../../ui/Button';
import type { MetadataProperty } from './api';
import { useFieldName, useValueLabel } from './FilterBuilder';
import { type FieldChoice, fieldChoice } from './fields';
import { facetValueChecked, type UrlFilter } from './url';

/** Values shown per facet before "Show all". */
export const FACET_VALUES_SHOWN = 8;

/**
 * The facets of the filtered result: per field a group of checkboxes, one per value with its count; checking one
 * adds it to the field's IS_ONE_OF filter, unchecking takes it out. Each checkbox's name says the value and how
 * many assets have it ("PNG, 12 assets").
 */
export function Facets({
  facets,
  filters,
  properties,
  onToggle,
}: {
  facets: Record<string, SearchFacetValue[]>;
  filters: readonly UrlFilter[];
  properties: readonly MetadataProperty[];
  onToggle: (field: string, value: string) => void;
}) {
  const { t } = useTranslation();
  const fields = Object.entries(facets).filter(([, values]) => values.length > 0);
  if (fields.length === 0) return <p className="search-facets__none">{t('search.facets.none')}</p>;
  return (
    <div className="search-facets">
      {fields.map(([field, values]) => (
        <FacetGroup
          key={field}
          field={field}
          choice={fieldChoice(field, properties)}
          values={values}
          filters={filters}
          onToggle={(value) => onToggle(field, value)}
        />
      ))}
    </div>
  );
}

function FacetGroup({
  field,
  choice,
  values,
  filters,
  onToggle,
}: {
  field: string;
  choice: FieldChoice | null;
  values: SearchFacetValue[];
  filters: readonly UrlFilter[];
  onToggle: (value: string) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const fieldName = useFieldName();
  const valueLabel = useValueLabel();
  const [all, setAll] = useState(false);
  const shown = all ? values : values.slice(0, FACET_VALUES_SHOWN);
  const label = (v: SearchFacetValue) => {
    const value = String(v.value);
    if (v.label) return v.label;
    if (field === 'extension') return value.toUpperCase();
    return valueLabel(choice, value);
  };
  return (
    <section className="search-facet" aria-labelledby={headingId}>
      <h3 id={headingId} className="search-facet__title">
        {fieldName(choice ?? { field })}
      </h3>
      <ul className="search-facet__values">
        {shown.map((v) => {
          const value = String(v.value);
          const checked = facetValueChecked(filters, field, value);
          return (
            <li key={value}>
              <Checkbox
                className="checkbox search-facet__value"
                isSelected={checked}
                onChange={() => onToggle(value)}
                aria-label={t('search.facets.valueName', { value: label(v), count: v.count })}
              >
                <span className="checkbox__box" aria-hidden="true">
                  {checked ? '✓' : ''}
                </span>
                <span className="search-facet__label" aria-hidden="true">
                  {label(v)}
                </span>
                <span className="search-facet__count" aria-hidden="true">
                  {formatNumber(v.count)}
                </span>
              </Checkbox>
            </li>
          );
        })}
      </ul>
      {values.length > FACET_VALUES_SHOWN ? (
        <Button variant="ghost" size="sm" onPress={() => setAll(!all)} aria-expanded={all}>
          {all ? t('search.facets.fewer') : t('search.facets.all', { count: values.length })}
        </Button>
      ) : null}
    </section>
  );
}
