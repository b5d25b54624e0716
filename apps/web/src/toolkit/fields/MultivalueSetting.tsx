import { clampNumber, TOOLKIT_DELAYS } from '@emblem/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Setting } from '../setting/Setting';
import { ColorSwatch } from './ColorPicker';
import { NumberInput } from './NumberInput';
import type { FieldOptions } from './TextSetting';

export interface MultivalueItem {
  id: string;
  label: string;
  /** A number, clamped into min and max. */
  value?: number;
  /** A colour: the original value, the current rgb and an id. */
  color?: { original?: string; rgb: string; id?: string | number };
  fontFamily?: string;
  toggle?: boolean;
}

export interface MultivalueValue {
  items: MultivalueItem[];
  /** Locked: a number edited in one item is applied to all. */
  locked?: boolean;
  /** The chooser value of the multivalue (e.g. which preset), when it has one. */
  chooser?: string | null;
}

export interface MultivalueSettingProps extends FieldOptions<MultivalueValue> {
  variant: 'colors' | 'fonts' | 'toggles';
  min?: number;
  max?: number;
  unit?: string;
  /** The fonts offered in the fonts variant. */
  fonts?: readonly string[];
  /** Offer the lock that keeps all numbers equal. */
  lockable?: boolean;
}

/** Applies a number edit to a multivalue: clamped into min … max, and to every item when locked. */
export function editMultivalue(value: MultivalueValue, id: string, input: string | number, min?: number, max?: number): MultivalueValue {
  const n = clampNumber(input, min, max);
  return { ...value, items: value.items.map((item) => (value.locked || item.id === id ? { ...item, value: n } : item)) };
}

/**
 * Multivalue: several values edited together (colours, fonts or toggles per item, each with a number).
 * Numbers are clamped into min and max; changes are saved 1000 ms after the last input.
 */
export function MultivalueSetting({ variant, min, max, unit, fonts = [], lockable, ...props }: MultivalueSettingProps) {
  const { t } = useTranslation();
  return (
    <Setting<MultivalueValue> {...props} mode="direct" commitDelay={TOOLKIT_DELAYS.multivalueInput}>
      {(setting) => (
        <fieldset className="multivalue" aria-labelledby={setting.labelId}>
          {lockable ? (
            <label className="inline-check">
              <input
                type="checkbox"
                checked={Boolean(setting.draft.locked)}
                disabled={setting.readonly}
                onChange={(e) => setting.change({ ...setting.draft, locked: e.target.checked })}
              />
              {t('toolkit.multivalue.locked')}
            </label>
          ) : null}
          {setting.draft.items.map((item) => (
            <div key={item.id} className="multivalue__item">
              <span className="multivalue__label">
                {variant === 'colors' && item.color ? <ColorSwatch color={item.color.rgb} /> : null}
                {item.label}
              </span>
              {variant === 'fonts' ? (
                <select
                  className="field__input"
                  aria-label={t('toolkit.multivalue.fontOf', { item: item.label })}
                  value={item.fontFamily ?? ''}
                  disabled={setting.readonly}
                  onChange={(e) =>
                    setting.change({
                      ...setting.draft,
                      items: setting.draft.items.map((i) => (i.id === item.id ? { ...i, fontFamily: e.target.value } : i)),
                    })
                  }
                >
                  {fonts.map((font) => (
                    <option key={font} value={font}>
                      {font}
                    </option>
                  ))}
                </select>
              ) : null}
              {variant === 'toggles' ? (
                <label className="inline-check">
                  <input
                    type="checkbox"
                    checked={Boolean(item.toggle)}
                    disabled={setting.readonly}
                    onChange={(e) =>
                      setting.change({
                        ...setting.draft,
                        items: setting.draft.items.map((i) => (i.id === item.id ? { ...i, toggle: e.target.checked } : i)),
                      })
                    }
                  />
                  {t('toolkit.multivalue.toggleOf', { item: item.label })}
                </label>
              ) : null}
              {item.value !== undefined ? (
                <ClampedNumber
                  label={t('toolkit.multivalue.valueOf', { item: item.label })}
                  value={item.value}
                  min={min}
                  max={max}
                  unit={unit}
                  disabled={setting.readonly}
                  onChange={(text) => setting.change(editMultivalue(setting.draft, item.id, text, min, max))}
                />
              ) : null}
            </div>
          ))}
        </fieldset>
      )}
    </Setting>
  );
}

/** A number input that shows what is typed but reports the clamped number. */
function ClampedNumber({
  label,
  value,
  min,
  max,
  unit,
  disabled,
  onChange,
}: {
  label: string;
  value: number;
  min?: number;
  max?: number;
  unit?: string;
  disabled?: boolean;
  onChange: (text: string) => void;
}) {
  const [text, setText] = useState<string | null>(null);
  return (
    <NumberInput
      label={label}
      value={text ?? String(value)}
      min={min}
      max={max}
      unit={unit}
      disabled={disabled}
      onChange={(next) => {
        setText(next);
        onChange(next);
      }}
    />
  );
}
