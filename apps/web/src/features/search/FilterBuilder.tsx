import { COLOR_DISTANCE_DEFAULT, type FilterOperator } from '@emblem/core';
import { type FormEvent, useState } from 'react';
import { Checkbox, CheckboxGroup, FieldError, Form, Input, Label, Text, TextField } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { SelectField } from '../../ui/SelectField';
import { type FieldChoice, isListOperator, isValueless } from './fields';
import type { UrlFilter } from './url';

/** Sizes are typed in megabytes and kept in bytes. */
export const MEGABYTE = 1024 * 1024;

/** The name of a field in the panel: a property's own name, else the static field's translated one. */
export function useFieldName() {
  const { t } = useTranslation();
  return (choice: Pick<FieldChoice, 'field' | 'name'>) => choice.name ?? t(`search.fields.${choice.field}`, { defaultValue: choice.field });
}

/** The label of a known value: an option's value, else the translated enum value. */
export function useValueLabel() {
  const { t } = useTranslation();
  return (choice: FieldChoice | null, value: string) => {
    const known = choice?.values?.find((v) => v.id === value);
    if (known?.label) return known.label;
    return t(`search.values.${value}`, { defaultValue: value });
  };
}

/**
 * "Add a filter": pick a field (the static ones of SEARCH_FIELDS and the brand's properties), then one of the
 * operators that fit it, then a value in an input that fits its kind (text, number, date, a choice among known
 * values, a colour). Adding it hands the filter over in its address form.
 */
export function FilterBuilder({ choices, onAdd }: { choices: readonly FieldChoice[]; onAdd: (filter: UrlFilter) => void }) {
  const { t } = useTranslation();
  const fieldName = useFieldName();
  const [field, setField] = useState<string | null>(null);
  const choice = choices.find((c) => c.field === field) ?? null;
  const [operator, setOperator] = useState<FilterOperator | null>(null);
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const [color, setColor] = useState('#1d5fd1');
  const [distance, setDistance] = useState(String(COLOR_DISTANCE_DEFAULT));
  const [error, setError] = useState<string | null>(null);

  const reset = () => {
    setText('');
    setPicked([]);
    setError(null);
  };

  const pickField = (next: string) => {
    setField(next);
    const nextChoice = choices.find((c) => c.field === next);
    setOperator(nextChoice?.operators[0] ?? null);
    reset();
  };

  const valuesFor = (): string[] | null => {
    if (!choice || !operator) return null;
    if (isValueless(operator)) return [];
    if (choice.value === 'color')
      return [color.toLowerCase(), ...(distance && distance !== String(COLOR_DISTANCE_DEFAULT) ? [distance] : [])];
    if (choice.values) return isListOperator(operator) ? picked : picked.slice(0, 1);
    const typed = isListOperator(operator)
      ? text
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [text.trim()].filter(Boolean);
    if (choice.value === 'number') {
      const numbers = typed.map(Number);
      if (numbers.some((n) => !Number.isFinite(n))) return null;
      return choice.field === 'size' ? numbers.map((n) => String(Math.round(n * MEGABYTE))) : typed;
    }
    return typed;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!choice || !operator) {
      setError(t('search.builder.pickField'));
      return;
    }
    const values = valuesFor();
    if (values === null || (!isValueless(operator) && values.length === 0)) {
      setError(t(choice.value === 'number' ? 'search.builder.needNumber' : 'search.builder.needValue'));
      return;
    }
    onAdd({ field: choice.field, operator, values });
    reset();
  };

  const list = operator ? isListOperator(operator) : false;
  const valueless = operator ? isValueless(operator) : true;

  return (
    <Form className="filter-builder" onSubmit={submit} validationBehavior="aria" aria-label={t('search.builder.label')}>
      <SelectField
        className="field--compact"
        label={t('search.builder.field')}
        placeholder={t('search.builder.fieldPlaceholder')}
        options={choices.map((c) => ({ id: c.field, label: fieldName(c) }))}
        value={field}
        onChange={pickField}
      />
      {choice ? (
        <SelectField
          className="field--compact"
          label={t('search.builder.operator')}
          options={choice.operators.map((op) => ({ id: op, label: t(`search.operators.${op}`) }))}
          value={operator}
          onChange={(value) => {
            setOperator(value as FilterOperator);
            setError(null);
          }}
        />
      ) : null}
      {choice && operator && !valueless ? (
        choice.value === 'color' ? (
          <div className="filter-builder__color">
            <TextField className="field field--compact" type="color" value={color} onChange={setColor}>
              <Label className="field__label">{t('search.builder.color')}</Label>
              <Input className="field__input filter-builder__swatch" />
            </TextField>
            <TextField className="field field--compact" value={distance} onChange={setDistance} inputMode="numeric">
              <Label className="field__label">{t('search.builder.distance')}</Label>
              <Input className="field__input" />
              <Text slot="description" className="field__description">
                {t('search.builder.distanceHint')}
              </Text>
            </TextField>
          </div>
        ) : choice.values ? (
          list ? (
            <CheckboxGroup className="field filter-builder__choices" value={picked} onChange={setPicked} isInvalid={error !== null}>
              <Label className="field__label">{t('search.builder.values')}</Label>
              <div className="filter-builder__options">
                {choice.values.map((v) => (
                  <Checkbox key={v.id} value={v.id} className="checkbox">
                    {({ isSelected }) => (
                      <>
                        <span className="checkbox__box" aria-hidden="true">
                          {isSelected ? '✓' : ''}
                        </span>
                        <span className="checkbox__label">{v.label ?? t(`search.values.${v.id}`, { defaultValue: v.id })}</span>
                      </>
                    )}
                  </Checkbox>
                ))}
              </div>
            </CheckboxGroup>
          ) : (
            <SelectField
              className="field--compact"
              label={t('search.builder.value')}
              options={choice.values.map((v) => ({ id: v.id, label: v.label ?? t(`search.values.${v.id}`, { defaultValue: v.id }) }))}
              value={picked[0] ?? null}
              onChange={(value) => {
                setPicked([value]);
                setError(null);
              }}
            />
          )
        ) : (
          <TextField
            className="field field--compact"
            type={choice.value === 'date' ? 'date' : 'text'}
            inputMode={choice.value === 'number' ? 'decimal' : undefined}
            value={text}
            onChange={(value) => {
              setText(value);
              setError(null);
            }}
            isInvalid={error !== null}
          >
            <Label className="field__label">
              {choice.value === 'number'
                ? t(
                    `search.builder.numberIn.${choice.field === 'size' ? 'mb' : choice.field === 'width' || choice.field === 'height' ? 'px' : 'plain'}`,
                  )
                : t('search.builder.value')}
            </Label>
            <Input className="field__input" />
            {list ? (
              <Text slot="description" className="field__description">
                {t('search.builder.listHint')}
              </Text>
            ) : null}
            <FieldError className="field__error">{error}</FieldError>
          </TextField>
        )
      ) : null}
      {error && (valueless || choice?.values || choice?.value === 'color' || !choice) ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <Button type="submit" variant="primary" size="sm" className="filter-builder__add">
        {t('search.builder.add')}
      </Button>
    </Form>
  );
}
