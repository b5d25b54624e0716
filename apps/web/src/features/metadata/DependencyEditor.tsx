import { isSelectType } from '@emblem/core';
import { Checkbox, CheckboxGroup, FieldError, Label, Text } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../ui/SelectField';
import type { MetadataProperty } from './api';

const ALWAYS = 'always';

/**
 * "Show only when": another SELECT or MULTISELECT property of the brand and the options of it that show this one.
 * Properties in `forbidden` (this one, and those that would close a loop) are not offered.
 */
export function DependencyEditor({
  properties,
  forbidden,
  propertyId,
  optionIds,
  onChange,
  error,
  isDisabled,
}: {
  /** Every property of the brand. */
  properties: readonly MetadataProperty[];
  forbidden: readonly number[];
  propertyId: number | null;
  optionIds: number[];
  onChange: (propertyId: number | null, optionIds: number[]) => void;
  error?: string;
  isDisabled?: boolean;
}) {
  const { t } = useTranslation();
  const candidates = properties.filter((p) => isSelectType(p.type) && !forbidden.includes(p.id));
  const chosen = properties.find((p) => p.id === propertyId) ?? null;
  return (
    <fieldset className="metadata-form__group">
      <legend className="metadata-form__legend">{t('metadata.form.dependency')}</legend>
      <p className="field__description">{t('metadata.form.dependencyHint')}</p>
      {candidates.length === 0 && chosen === null ? (
        <p className="metadata-form__empty">{t('metadata.form.dependencyNoCandidates')}</p>
      ) : (
        <SelectField
          label={t('metadata.form.dependencyProperty')}
          options={[
            { id: ALWAYS, label: t('metadata.form.dependencyNone') },
            // A dependee that became forbidden since (another change) stays listed, so the form shows what is saved.
            ...(chosen && !candidates.includes(chosen) ? [chosen] : []).concat(candidates).map((p) => ({
              id: String(p.id),
              label: `${p.name} · ${t(`metadata.types.${p.type}`)}`,
            })),
          ]}
          value={propertyId === null ? ALWAYS : String(propertyId)}
          onChange={(key) => onChange(key === ALWAYS ? null : Number(key), [])}
          isDisabled={isDisabled}
          errorMessage={chosen ? undefined : error}
        />
      )}
      {chosen ? (
        <CheckboxGroup
          className="field"
          value={optionIds.map(String)}
          onChange={(keys) =>
            onChange(
              chosen.id,
              chosen.options.filter((o) => keys.includes(String(o.id))).map((o) => o.id),
            )
          }
          isInvalid={Boolean(error)}
          isDisabled={isDisabled}
          validationBehavior="aria"
        >
          <Label className="field__label">{t('metadata.form.dependencyOptions')}</Label>
          <Text slot="description" className="visually-hidden">
            {chosen.name}
          </Text>
          <div className="metadata-multiselect__options">
            {chosen.options.map((option) => (
              <Checkbox key={option.id} value={String(option.id)} className="checkbox">
                {({ isSelected }) => (
                  <>
                    <span className="checkbox__box" aria-hidden="true">
                      {isSelected ? '✓' : ''}
                    </span>
                    <span className="checkbox__label">{option.value}</span>
                  </>
                )}
              </Checkbox>
            ))}
          </div>
          <FieldError className="field__error">{error}</FieldError>
        </CheckboxGroup>
      ) : null}
    </fieldset>
  );
}
