import { clampNumber } from '@emblem/core';
import { useTranslation } from 'react-i18next';
import { Setting } from '../setting/Setting';
import { ColorInput, type ColorSettingValue } from './ColorSettings';
import { NumberInput } from './NumberInput';
import type { FieldOptions } from './TextSetting';

export const MEASURE_UNITS = ['px', 'em', 'rem', '%', 'vw', 'vh'] as const;

export interface MeasureValue {
  value: number;
  unit: string;
}

export function parseMeasure(text: string | null | undefined, fallbackUnit = 'px'): MeasureValue {
  const match = /^\s*(-?\d*\.?\d+)\s*([a-z%]*)\s*$/i.exec(text ?? '');
  if (!match) return { value: 0, unit: fallbackUnit };
  return { value: Number(match[1]), unit: (match[2] || fallbackUnit).toLowerCase() };
}

export interface MeasureSettingProps extends Omit<FieldOptions<string>, 'rules'> {
  units?: readonly string[];
  min?: number;
  max?: number;
  step?: number;
}

/** Measure: a number with a unit, e.g. 24px; stored as text. min and max are validated on save. */
export function MeasureSetting({ units = MEASURE_UNITS, min, max, step = 1, ...props }: MeasureSettingProps) {
  const { t } = useTranslation();
  return (
    <Setting<string>
      {...props}
      validate={(text) => {
        const { value } = parseMeasure(text);
        if (!/^\s*-?\d*\.?\d+\s*[a-z%]*\s*$/i.test(text)) return { [props.name]: t('toolkit.validation.number') };
        if (min !== undefined && value < min) return { [props.name]: t('toolkit.validation.min', { min }) };
        if (max !== undefined && value > max) return { [props.name]: t('toolkit.validation.max', { max }) };
        return null;
      }}
    >
      {(setting) => {
        const measure = parseMeasure(setting.draft, units[0]);
        return (
          <fieldset className="measure" aria-labelledby={setting.labelId}>
            <input
              className="field__input measure__value"
              type="number"
              step={step}
              aria-label={t('toolkit.measure.value')}
              value={Number.isNaN(measure.value) ? '' : String(measure.value)}
              onChange={(e) => setting.setDraft(`${e.target.value}${measure.unit}`)}
              {...setting.fieldProps()}
            />
            <select
              className="field__input measure__unit"
              aria-label={t('toolkit.measure.unit')}
              value={measure.unit}
              onChange={(e) => setting.setDraft(`${measure.value}${e.target.value}`)}
            >
              {units.map((unit) => (
                <option key={unit} value={unit}>
                  {unit}
                </option>
              ))}
            </select>
          </fieldset>
        );
      }}
    </Setting>
  );
}

// ---------------------------------------------------------------------------------------------------------
// Border

export interface BorderValue {
  width: number;
  radius: number;
  color: ColorSettingValue | null;
}

/** Border: width, radius and colour; saved like any inline setting. */
export function BorderSetting(props: FieldOptions<BorderValue>) {
  const { t } = useTranslation();
  return (
    <Setting<BorderValue>
      {...props}
      serialise={props.serialise ?? ((v) => ({ [props.name]: v }))}
      renderValue={(v) => (
        <span className="border-preview">
          <span
            className="border-preview__box"
            aria-hidden="true"
            style={{
              borderWidth: `${v.width}px`,
              borderRadius: `${v.radius}px`,
              borderColor: v.color?.rgb ?? 'transparent',
              borderStyle: 'solid',
            }}
          />
          {t('toolkit.border.summary', { width: v.width, radius: v.radius })}
        </span>
      )}
    >
      {(setting) => (
        <fieldset className="composite" aria-labelledby={setting.labelId}>
          <NumberInput
            label={t('toolkit.border.width')}
            unit="px"
            min={0}
            value={setting.draft.width}
            onChange={(text) => setting.setDraft({ ...setting.draft, width: clampNumber(text, 0) })}
          />
          <NumberInput
            label={t('toolkit.border.radius')}
            unit="px"
            min={0}
            value={setting.draft.radius}
            onChange={(text) => setting.setDraft({ ...setting.draft, radius: clampNumber(text, 0) })}
          />
          <ColorInput
            label={t('toolkit.border.color')}
            value={setting.draft.color}
            onChange={(color) => setting.setDraft({ ...setting.draft, color })}
          />
        </fieldset>
      )}
    </Setting>
  );
}
