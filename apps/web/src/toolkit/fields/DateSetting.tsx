import { DATE_VALUE_FORMAT, type DateParts, DEFAULT_DATE_FORMAT, dateBeforeMinimum, formatDate, parseDate } from '@emblem/core';
import { useTranslation } from 'react-i18next';
import { Setting } from '../setting/Setting';
import type { FieldOptions } from './TextSetting';

export interface DateSettingProps extends Omit<FieldOptions<string>, 'value' | 'serialise' | 'fromReply' | 'onSaved'> {
  /** The saved date in `valueFormat` (default YYYY-MM-DD), or null. */
  value: string | null;
  /** How the date is shown and typed (default DD/MM/YYYY). */
  format?: string;
  /** How the date is stored. */
  valueFormat?: string;
  /** The earliest date, in valueFormat; today when not given. */
  minDate?: string | null;
  /** No minimum date at all. */
  noMinDate?: boolean;
  onSaved?: (value: string | null) => void;
  /** For tests: what "today" is. */
  today?: Date;
}

function todayParts(today: Date = new Date()): DateParts {
  return { year: today.getFullYear(), month: today.getMonth() + 1, day: today.getDate() };
}

/** Date: typed in DD/MM/YYYY (or `format`), stored in `valueFormat`; a minimum date applies unless noMinDate. */
export function DateSetting({
  value,
  format = DEFAULT_DATE_FORMAT,
  valueFormat = DATE_VALUE_FORMAT,
  minDate,
  noMinDate = false,
  onSaved,
  today,
  ...props
}: DateSettingProps) {
  const { t } = useTranslation();
  const toDisplay = (stored: string | null) => {
    const parts = stored ? parseDate(stored, valueFormat) : null;
    return parts ? formatDate(parts, format) : '';
  };
  const toStored = (text: string) => {
    const parts = parseDate(text, format);
    return parts ? formatDate(parts, valueFormat) : null;
  };
  const minimum = minDate ? parseDate(minDate, valueFormat) : todayParts(today);
  return (
    <Setting<string>
      {...props}
      value={toDisplay(value)}
      serialise={(text) => ({ [props.name]: text.trim() === '' ? null : toStored(text) })}
      onSaved={(text) => onSaved?.(text.trim() === '' ? null : toStored(text))}
      validate={(text) => {
        if (text.trim() === '') return props.rules?.required ? { [props.name]: t('toolkit.validation.required') } : null;
        const parts = parseDate(text, format);
        if (!parts) return { [props.name]: t('toolkit.validation.date', { format }) };
        if (dateBeforeMinimum(parts, minimum, noMinDate))
          return { [props.name]: t('toolkit.date.beforeMin', { date: formatDate(minimum as DateParts, format) }) };
        return null;
      }}
    >
      {(setting) => (
        <input
          className="field__input field__input--date"
          inputMode="numeric"
          aria-labelledby={setting.labelId}
          aria-description={t('toolkit.date.format', { format })}
          placeholder={format}
          value={setting.draft}
          onChange={(e) => setting.setDraft(e.target.value)}
          {...setting.fieldProps()}
        />
      )}
    </Setting>
  );
}
