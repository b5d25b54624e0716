import {
  clampNumber,
  type FrameValue,
  frameValue,
  type HotspotValue,
  hotspotValue,
  type LogoValue,
  lockAspect,
  lockLogoAspect,
  logoValue,
  TOOLKIT_DELAYS,
} from '@emblem/core';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Setting } from '../setting/Setting';
import type { SettingController } from '../setting/useSetting';
import { ColorInput, type ColorSettingValue, ColorSwatch } from './ColorSettings';
import type { FieldOptions } from './TextSetting';

/** A labelled number input used by the composite editors. Keeps the typed text; reports numbers (empty → ''). */
export function NumberInput({
  label,
  value,
  onChange,
  min,
  max,
  step,
  unit,
  disabled,
  invalid,
  describedBy,
  allowAuto,
}: {
  label: string;
  value: number | string;
  onChange: (text: string) => void;
  min?: number;
  max?: number;
  step?: number;
  unit?: string;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  allowAuto?: boolean;
}) {
  const id = useId();
  return (
    <div className="number-input">
      <label htmlFor={id} className="number-input__label">
        {label}
      </label>
      <div className="number-input__row">
        <input
          id={id}
          className="field__input number-input__input"
          inputMode={allowAuto ? 'text' : 'decimal'}
          type={allowAuto ? 'text' : 'number'}
          min={min}
          max={max}
          step={step}
          value={value}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.value)}
        />
        {unit ? (
          <span className="number-input__unit" aria-hidden="true">
            {unit}
          </span>
        ) : null}
      </div>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------------------
// Measure

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
// Multivalue

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

// ---------------------------------------------------------------------------------------------------------
// Frame, hotspot, logo (direct, 100 ms)

function useTexts<K extends string>(initial: Record<K, number | string>) {
  return useState<Record<K, string>>(
    () => Object.fromEntries(Object.entries(initial).map(([k, v]) => [k, String(v)])) as Record<K, string>,
  );
}

/** Frame: top, right, bottom and left; empty counts as 0; saved 100 ms after the last change. */
export function FrameSetting(props: FieldOptions<FrameValue>) {
  return (
    <Setting<FrameValue> {...props} mode="direct" commitDelay={TOOLKIT_DELAYS.geometryChange}>
      {(setting) => <FrameEditor setting={setting} />}
    </Setting>
  );
}

function FrameEditor({ setting }: { setting: SettingController<FrameValue> }) {
  const { t } = useTranslation();
  const [texts, setTexts] = useTexts<keyof FrameValue>(setting.draft);
  const sides: (keyof FrameValue)[] = ['top', 'right', 'bottom', 'left'];
  return (
    <fieldset className="composite composite--four" aria-labelledby={setting.labelId}>
      {sides.map((side) => (
        <NumberInput
          key={side}
          label={t(`toolkit.frame.${side}`)}
          unit="px"
          value={texts[side]}
          disabled={setting.readonly}
          onChange={(text) => {
            const next = { ...texts, [side]: text };
            setTexts(next);
            setting.change(frameValue(next));
          }}
        />
      ))}
    </fieldset>
  );
}

export interface HotspotSettingProps extends FieldOptions<HotspotValue> {
  /** Keep width / height at this ratio (or at the ratio of the current value when true). */
  lockAspectRatio?: boolean | number;
}

/** Hotspot: x, y, width and height as rounded integers; empty is 0; a locked ratio recomputes the other side. */
export function HotspotSetting({ lockAspectRatio, ...props }: HotspotSettingProps) {
  return (
    <Setting<HotspotValue> {...props} mode="direct" commitDelay={TOOLKIT_DELAYS.geometryChange}>
      {(setting) => <HotspotEditor setting={setting} lockAspectRatio={lockAspectRatio} />}
    </Setting>
  );
}

function HotspotEditor({ setting, lockAspectRatio }: { setting: SettingController<HotspotValue>; lockAspectRatio?: boolean | number }) {
  const { t } = useTranslation();
  const [texts, setTexts] = useTexts<keyof HotspotValue>(setting.draft);
  const [locked, setLocked] = useState(Boolean(lockAspectRatio));
  const [ratio] = useState(() =>
    typeof lockAspectRatio === 'number' ? lockAspectRatio : setting.draft.height > 0 ? setting.draft.width / setting.draft.height : 1,
  );
  const edit = (key: keyof HotspotValue, text: string) => {
    let next = { ...texts, [key]: text };
    if (locked && (key === 'width' || key === 'height')) {
      const pair = lockAspect(key, hotspotValue(next)[key], ratio);
      next = { ...next, width: String(pair.width), height: String(pair.height) };
    }
    setTexts(next);
    setting.change(hotspotValue(next));
  };
  return (
    <fieldset className="composite composite--four" aria-labelledby={setting.labelId}>
      {(['x', 'y', 'width', 'height'] as const).map((key) => (
        <NumberInput
          key={key}
          label={t(`toolkit.hotspot.${key}`)}
          value={texts[key]}
          disabled={setting.readonly}
          onChange={(text) => edit(key, text)}
        />
      ))}
      <label className="inline-check">
        <input type="checkbox" checked={locked} disabled={setting.readonly} onChange={(e) => setLocked(e.target.checked)} />
        {t('toolkit.hotspot.lockRatio')}
      </label>
    </fieldset>
  );
}

export interface LogoSettingProps extends FieldOptions<LogoValue> {
  /** width / height of the logo image, for the locked ratio. */
  aspectRatio?: number;
}

/** Logo: like a hotspot, but width or height may be auto; with the ratio locked the other side follows. */
export function LogoSetting({ aspectRatio = 1, ...props }: LogoSettingProps) {
  return (
    <Setting<LogoValue> {...props} mode="direct" commitDelay={TOOLKIT_DELAYS.geometryChange}>
      {(setting) => <LogoEditor setting={setting} aspectRatio={aspectRatio} />}
    </Setting>
  );
}

function LogoEditor({ setting, aspectRatio }: { setting: SettingController<LogoValue>; aspectRatio: number }) {
  const { t } = useTranslation();
  const [texts, setTexts] = useTexts<keyof LogoValue>(setting.draft);
  const [locked, setLocked] = useState(true);
  const edit = (key: keyof LogoValue, text: string) => {
    let next = { ...texts, [key]: text };
    if (locked && (key === 'width' || key === 'height')) {
      const locked = lockLogoAspect(logoValue(next), key, aspectRatio);
      next = { ...next, width: String(locked.width), height: String(locked.height) };
    }
    setTexts(next);
    setting.change(logoValue(next));
  };
  const autoToggle = (key: 'width' | 'height'): ReactNode => (
    <label className="inline-check">
      <input
        type="checkbox"
        checked={texts[key] === 'auto'}
        disabled={setting.readonly}
        onChange={(e) =>
          edit(key, e.target.checked ? 'auto' : String(Math.round(Number(texts[key === 'width' ? 'height' : 'width']) || 0)))
        }
      />
      {t(key === 'width' ? 'toolkit.logo.autoWidth' : 'toolkit.logo.autoHeight')}
    </label>
  );
  return (
    <fieldset className="composite composite--four" aria-labelledby={setting.labelId}>
      <NumberInput label={t('toolkit.hotspot.x')} value={texts.x} disabled={setting.readonly} onChange={(text) => edit('x', text)} />
      <NumberInput label={t('toolkit.hotspot.y')} value={texts.y} disabled={setting.readonly} onChange={(text) => edit('y', text)} />
      <div>
        <NumberInput
          label={t('toolkit.hotspot.width')}
          value={texts.width}
          allowAuto
          disabled={setting.readonly || texts.width === 'auto'}
          onChange={(text) => edit('width', text)}
        />
        {autoToggle('width')}
      </div>
      <div>
        <NumberInput
          label={t('toolkit.hotspot.height')}
          value={texts.height}
          allowAuto
          disabled={setting.readonly || texts.height === 'auto'}
          onChange={(text) => edit('height', text)}
        />
        {autoToggle('height')}
      </div>
      <label className="inline-check">
        <input type="checkbox" checked={locked} disabled={setting.readonly} onChange={(e) => setLocked(e.target.checked)} />
        {t('toolkit.hotspot.lockRatio')}
      </label>
    </fieldset>
  );
}
