import { type CalendarDate, parseDate } from '@internationalized/date';
import type { ReactNode } from 'react';
import {
  Button as AriaButton,
  Calendar,
  CalendarCell,
  CalendarGrid,
  Checkbox,
  CheckboxGroup,
  DateInput,
  DatePicker,
  DateSegment,
  Dialog,
  FieldError,
  Group,
  Heading,
  Input,
  Label,
  Popover,
  Text,
  TextArea,
  TextField,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../ui/SelectField';
import type { MetadataProperty } from './api';
import type { Draft } from './values';

/** What an input needs to know of its property. */
export type ValueProperty = Pick<MetadataProperty, 'type' | 'name' | 'help_text' | 'unit' | 'options'>;

export interface ValueInputProps {
  property: ValueProperty;
  /** The visible label (the property's name by default). */
  label?: ReactNode;
  draft: Draft;
  onChange: (draft: Draft) => void;
  /**
   * The value is complete and may be saved: a choice or a date was picked, a text field was left or Enter pressed
   * in it. Fields that save as they go (the viewer) listen to this.
   */
  onCommit?: (draft: Draft) => void;
  errorMessage?: string;
  /** Shown under the field; the property's help text by default. */
  description?: ReactNode;
  isDisabled?: boolean;
  /** A SELECT offers "No value" (clearing it) unless the property is required here. */
  allowEmpty?: boolean;
}

/** The input that fits the property's type: text, long text, link, number with its unit, date picker, select, checkboxes. */
export function ValueInput(props: ValueInputProps) {
  switch (props.property.type) {
    case 'DATE':
      return <DateValueInput {...props} />;
    case 'SELECT':
      return <SelectValueInput {...props} />;
    case 'MULTISELECT':
      return <MultiselectValueInput {...props} />;
    default:
      return <TextValueInput {...props} />;
  }
}

function TextValueInput({ property, label, draft, onChange, onCommit, errorMessage, description, isDisabled }: ValueInputProps) {
  const { t } = useTranslation();
  const text = typeof draft === 'string' ? draft : '';
  const multiline = property.type === 'LONGTEXT';
  const help = description ?? (property.help_text || undefined);
  return (
    <TextField
      className="field metadata-value"
      value={text}
      onChange={onChange}
      onBlur={() => onCommit?.(text)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && !multiline) onCommit?.(text);
      }}
      isInvalid={Boolean(errorMessage)}
      isDisabled={isDisabled}
      validationBehavior="aria"
      type={property.type === 'URL' ? 'url' : 'text'}
      inputMode={property.type === 'NUMBER' ? 'decimal' : undefined}
    >
      <Label className="field__label">{label ?? property.name}</Label>
      {multiline ? (
        <TextArea className="field__input field__input--multiline" rows={4} />
      ) : property.type === 'NUMBER' && property.unit ? (
        <span className="metadata-value__number">
          <Input className="field__input" />
          <span className="metadata-value__unit">{property.unit}</span>
        </span>
      ) : (
        <Input className="field__input" placeholder={property.type === 'URL' ? 'https://' : undefined} />
      )}
      {help ? (
        <Text slot="description" className="field__description">
          {help}
        </Text>
      ) : null}
      {property.type === 'NUMBER' && property.unit ? (
        // The unit beside the field is also part of its description for screen readers.
        <Text slot="description" className="visually-hidden">
          {t('metadata.form.unit')}: {property.unit}
        </Text>
      ) : null}
      <FieldError className="field__error">{errorMessage}</FieldError>
    </TextField>
  );
}

function calendarDate(draft: Draft): CalendarDate | null {
  if (typeof draft !== 'string' || draft === '') return null;
  try {
    return parseDate(draft);
  } catch {
    return null;
  }
}

/** A React Aria date picker: typed segment by segment, or picked from the calendar; stored as YYYY-MM-DD. */
function DateValueInput({ property, label, draft, onChange, onCommit, errorMessage, description, isDisabled }: ValueInputProps) {
  const { t } = useTranslation();
  const help = description ?? (property.help_text || undefined);
  return (
    <DatePicker
      className="field metadata-value metadata-date"
      value={calendarDate(draft)}
      onChange={(date) => {
        const next = date ? date.toString() : '';
        onChange(next);
        onCommit?.(next);
      }}
      granularity="day"
      isInvalid={Boolean(errorMessage)}
      isDisabled={isDisabled}
      validationBehavior="aria"
    >
      <Label className="field__label">{label ?? property.name}</Label>
      <Group className="field__input metadata-date__group">
        <DateInput className="metadata-date__input">
          {(segment) => <DateSegment segment={segment} className="metadata-date__segment" />}
        </DateInput>
        <AriaButton className="metadata-date__button" aria-label={t('metadata.value.openCalendar')}>
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
            <path d="M2.5 3.5h11v10h-11zM2.5 6.5h11M5.5 2v3M10.5 2v3" fill="none" stroke="currentColor" strokeWidth="1.2" />
          </svg>
        </AriaButton>
      </Group>
      {help ? (
        <Text slot="description" className="field__description">
          {help}
        </Text>
      ) : null}
      <FieldError className="field__error">{errorMessage}</FieldError>
      <Popover className="metadata-calendar__popover" placement="bottom start" data-popover="">
        <Dialog className="metadata-calendar__dialog">
          <Calendar className="metadata-calendar">
            <header className="metadata-calendar__header">
              <AriaButton slot="previous" className="metadata-calendar__nav">
                <span aria-hidden="true">‹</span>
              </AriaButton>
              <Heading className="metadata-calendar__heading" />
              <AriaButton slot="next" className="metadata-calendar__nav">
                <span aria-hidden="true">›</span>
              </AriaButton>
            </header>
            <CalendarGrid className="metadata-calendar__grid">
              {(date) => <CalendarCell date={date} className="metadata-calendar__cell" />}
            </CalendarGrid>
          </Calendar>
        </Dialog>
      </Popover>
    </DatePicker>
  );
}

const NO_VALUE = '';

function SelectValueInput({
  property,
  label,
  draft,
  onChange,
  onCommit,
  errorMessage,
  description,
  isDisabled,
  allowEmpty = true,
}: ValueInputProps) {
  const { t } = useTranslation();
  const options = [
    ...(allowEmpty ? [{ id: NO_VALUE, label: t('metadata.value.none') }] : []),
    ...property.options.map((o) => ({ id: String(o.id), label: o.value })),
  ];
  return (
    <SelectField
      className="metadata-value"
      label={label ?? property.name}
      options={options}
      value={typeof draft === 'number' ? String(draft) : allowEmpty ? NO_VALUE : null}
      placeholder={t('metadata.value.choose')}
      onChange={(key) => {
        const next = key === NO_VALUE ? null : Number(key);
        onChange(next);
        onCommit?.(next);
      }}
      description={description ?? (property.help_text || undefined)}
      errorMessage={errorMessage}
      isDisabled={isDisabled}
    />
  );
}

function MultiselectValueInput({ property, label, draft, onChange, onCommit, errorMessage, description, isDisabled }: ValueInputProps) {
  const selected = Array.isArray(draft) ? draft.map(String) : [];
  const help = description ?? (property.help_text || undefined);
  return (
    <CheckboxGroup
      className="field metadata-value metadata-multiselect"
      value={selected}
      onChange={(keys) => {
        // Kept in the options' order, so the saved value reads like the list.
        const next = property.options.filter((o) => keys.includes(String(o.id))).map((o) => o.id);
        onChange(next);
        onCommit?.(next);
      }}
      isInvalid={Boolean(errorMessage)}
      isDisabled={isDisabled}
      validationBehavior="aria"
    >
      <Label className="field__label">{label ?? property.name}</Label>
      {help ? (
        <Text slot="description" className="field__description">
          {help}
        </Text>
      ) : null}
      <div className="metadata-multiselect__options">
        {property.options.map((option) => (
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
      <FieldError className="field__error">{errorMessage}</FieldError>
    </CheckboxGroup>
  );
}
