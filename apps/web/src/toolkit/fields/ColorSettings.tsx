import {
  addColorToList,
  COLOR_RESET,
  type ColorValue,
  colorToCss,
  colorToHex,
  parseColor,
  type Rgba,
  sameColor,
  serialiseColor,
  TOOLKIT_DELAYS,
  tryParseColor,
} from '@emblem/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import {
  Button as AriaButton,
  ColorArea,
  ColorPicker,
  ColorSlider,
  ColorThumb,
  Dialog,
  DialogTrigger,
  Label,
  Popover,
  parseColor as parseAriaColor,
  SliderTrack,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { request } from '../../lib/api';
import { Setting } from '../setting/Setting';
import type { FieldOptions } from './TextSetting';

export type ColorSettingValue = ColorValue;

/** A small square showing a colour over a checkerboard (so transparency is visible). */
export function ColorSwatch({ color, label }: { color: string | null | undefined; label?: string }) {
  return label ? (
    <span className="swatch" role="img" aria-label={label}>
      <span className="swatch__fill" style={{ background: color ?? 'transparent' }} />
    </span>
  ) : (
    <span className="swatch" aria-hidden="true">
      <span className="swatch__fill" style={{ background: color ?? 'transparent' }} />
    </span>
  );
}

/** Calls `fn` at most once per `ms` (leading and trailing), for the colour picker's 50 ms throttle. */
export function useThrottle<A extends unknown[]>(fn: (...args: A) => void, ms: number): (...args: A) => void {
  const fnRef = useRef(fn);
  fnRef.current = fn;
  const lastRef = useRef(0);
  const timerRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  const argsRef = useRef<A | null>(null);
  useEffect(
    () => () => {
      if (timerRef.current) clearTimeout(timerRef.current);
    },
    [],
  );
  return useCallback(
    (...args: A) => {
      const now = Date.now();
      const wait = ms - (now - lastRef.current);
      argsRef.current = args;
      if (wait <= 0 && !timerRef.current) {
        lastRef.current = now;
        fnRef.current(...args);
        return;
      }
      if (!timerRef.current) {
        timerRef.current = setTimeout(
          () => {
            timerRef.current = null;
            lastRef.current = Date.now();
            if (argsRef.current) fnRef.current(...argsRef.current);
          },
          Math.max(0, wait),
        );
      }
    },
    [ms],
  );
}

function toAria(color: Rgba) {
  return parseAriaColor(`rgba(${color.r}, ${color.g}, ${color.b}, ${color.alpha / 100})`);
}

/**
 * The colour picker: an area and a hue slider, alpha 0–100, and a hex field. Dragging reports at most
 * every 50 ms; a pasted hex value is applied after 10 ms. An unparsable colour becomes transparent white.
 */
export function InlineColorPicker({
  label,
  value,
  onChange,
  onInstant,
  showReset = true,
}: {
  label: string;
  value: ColorValue | string | null;
  /** Throttled (50 ms) while dragging: for live previews and drafts. */
  onChange: (value: ColorValue) => void;
  /** Every change at once: for reading the latest colour when the picker closes. */
  onInstant?: (value: ColorValue) => void;
  showReset?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [color, setColor] = useState<Rgba>(() => parseColor(value));
  const [hexText, setHexText] = useState(() => colorToHex(parseColor(value)));
  const pasteTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const report = useThrottle((next: Rgba) => onChange(serialiseColor(next)), TOOLKIT_DELAYS.colorPickerThrottle);
  useEffect(
    () => () => {
      if (pasteTimer.current) clearTimeout(pasteTimer.current);
    },
    [],
  );

  const apply = (next: Rgba, options: { keepHexText?: boolean } = {}) => {
    setColor(next);
    if (!options.keepHexText) setHexText(colorToHex(next));
    onInstant?.(serialiseColor(next));
    report(next);
  };

  const applyHex = (text: string) => {
    const parsed = tryParseColor(text.startsWith('#') ? text : `#${text}`);
    if (parsed) apply({ ...parsed, alpha: text.replace('#', '').length === 8 ? parsed.alpha : color.alpha }, { keepHexText: true });
  };

  return (
    <fieldset className="color-picker" aria-label={label}>
      <ColorPicker
        value={toAria(color)}
        onChange={(c) => {
          const rgb = c.toFormat('rgb');
          apply({
            r: Math.round(rgb.getChannelValue('red')),
            g: Math.round(rgb.getChannelValue('green')),
            b: Math.round(rgb.getChannelValue('blue')),
            alpha: Math.round(rgb.getChannelValue('alpha') * 100),
          });
        }}
      >
        <ColorArea className="color-area" colorSpace="hsb" xChannel="saturation" yChannel="brightness" aria-label={t('toolkit.color.area')}>
          <ColorThumb className="color-thumb" />
        </ColorArea>
        <ColorSlider className="color-slider" colorSpace="hsb" channel="hue">
          <Label className="color-slider__label">{t('toolkit.color.hue')}</Label>
          <SliderTrack className="color-slider__track">
            <ColorThumb className="color-thumb" />
          </SliderTrack>
        </ColorSlider>
      </ColorPicker>
      <div className="color-picker__fields">
        <div className="number-input">
          <label className="number-input__label" htmlFor={`${id}-hex`}>
            {t('toolkit.color.hex')}
          </label>
          <input
            id={`${id}-hex`}
            className="field__input"
            value={hexText}
            spellCheck={false}
            onChange={(e) => {
              setHexText(e.target.value);
              applyHex(e.target.value.trim());
            }}
            onPaste={(e) => {
              const text = e.clipboardData.getData('text').trim();
              e.preventDefault();
              setHexText(text);
              if (pasteTimer.current) clearTimeout(pasteTimer.current);
              // A pasted hex value is applied after 10 ms (after the paste has settled in the field).
              pasteTimer.current = setTimeout(() => applyHex(text), TOOLKIT_DELAYS.colorHexPaste);
            }}
          />
        </div>
        <div className="number-input">
          <label className="number-input__label" htmlFor={`${id}-alpha`}>
            {t('toolkit.color.alpha')}
          </label>
          <input
            id={`${id}-alpha`}
            className="field__input"
            type="number"
            min={0}
            max={100}
            value={color.alpha}
            onChange={(e) => apply({ ...color, alpha: Math.max(0, Math.min(100, Math.round(Number(e.target.value) || 0))) })}
          />
        </div>
        <ColorSwatch color={colorToCss(color)} label={t('toolkit.color.preview', { color: colorToCss(color) })} />
        {showReset ? (
          <AriaButton className="button button--sm button--ghost" onPress={() => apply({ ...COLOR_RESET })}>
            {t('toolkit.color.reset')}
          </AriaButton>
        ) : null}
      </div>
    </fieldset>
  );
}

// ---------------------------------------------------------------------------------------------------------
// Colour input and colour setting

/**
 * A swatch button that toggles the picker in a popover (closed by an outside click or Escape). `onClose`
 * tells whether it was closed with Escape.
 */
export function ColorInput({
  label,
  value,
  onChange,
  onClose,
  isDisabled,
  invalidProps,
}: {
  label: string;
  value: ColorValue | string | null;
  onChange: (value: ColorValue) => void;
  onClose?: (escaped: boolean) => void;
  isDisabled?: boolean;
  invalidProps?: { 'aria-invalid'?: true; 'aria-describedby'?: string };
}) {
  const { t } = useTranslation();
  const id = useId();
  const escaped = useRef(false);
  const latest = useRef<ColorValue | null>(null);
  const current = parseColor(value);
  return (
    <div className="color-input">
      <span className="number-input__label" id={`${id}-label`}>
        {label}
      </span>
      <DialogTrigger
        onOpenChange={(open) => {
          if (open) {
            escaped.current = false;
            latest.current = null;
            return;
          }
          // The throttled report may lag behind the last change: hand over the latest colour before closing.
          if (!escaped.current && latest.current) onChange(latest.current);
          onClose?.(escaped.current);
        }}
      >
        <AriaButton className="color-input__button" isDisabled={isDisabled} aria-labelledby={`${id}-label ${id}-value`} {...invalidProps}>
          <ColorSwatch color={colorToCss(current)} />
          <span id={`${id}-value`}>{value ? `${colorToHex(current)} · ${current.alpha}%` : t('toolkit.setting.empty')}</span>
        </AriaButton>
        <Popover className="popover" data-popover="" placement="bottom start">
          <Dialog className="popover__dialog" aria-label={t('toolkit.color.pickerFor', { label })}>
            {/* Escape closes the popover; remember it so the owner can leave without saving. */}
            <div
              onKeyDownCapture={(e) => {
                if (e.key === 'Escape') escaped.current = true;
              }}
            >
              <InlineColorPicker
                label={label}
                value={value}
                onChange={onChange}
                onInstant={(v) => {
                  latest.current = v;
                }}
              />
            </div>
          </Dialog>
        </Popover>
      </DialogTrigger>
    </div>
  );
}

/**
 * Colour: a swatch that toggles the picker. Closing the picker saves a changed colour; Escape leaves
 * without saving.
 */
export function ColorSetting(props: FieldOptions<ColorValue | null>) {
  return (
    <Setting<ColorValue | null> {...props} hideLabel mode="direct">
      {(setting) => (
        <ColorInput
          label={String(props.label)}
          value={setting.draft}
          isDisabled={setting.readonly}
          invalidProps={setting.fieldProps()}
          onChange={(value) => setting.setDraft(value)}
          onClose={(escaped) => {
            if (escaped) setting.cancel();
            else void setting.commit('change');
          }}
        />
      )}
    </Setting>
  );
}

// ---------------------------------------------------------------------------------------------------------
// Colour list

export interface PaletteColor {
  id: number | string;
  name?: string;
  css_value: string;
  light?: boolean;
}

export interface Palette {
  name: string;
  colors: PaletteColor[];
}

export interface ColorRestrictions {
  allowed: PaletteColor[];
}

/** GET /api/color/library/{paletteId}: the palettes with their colours. */
export function paletteQuery(paletteId: number | string) {
  return {
    queryKey: ['toolkit', 'palettes', String(paletteId)] as const,
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<Palette[]> => {
      const body = await request<{ palettes?: Palette[]; data?: { palettes?: Palette[] } }>(`/api/color/library/${paletteId}`, { signal });
      return body?.palettes ?? body?.data?.palettes ?? [];
    },
  };
}

export interface ColorListSettingProps extends FieldOptions<ColorValue[]> {
  /** Where the choose mode reads its palettes; without one only the define mode is offered. */
  paletteId?: number | string | null;
  /** Only these colours may be chosen (variables API restrictions); the define mode is then off. */
  restrictions?: ColorRestrictions | null;
  /** The brand has no style guide yet (a message says so). */
  noStyleguide?: boolean;
}

/**
 * Colour list: choose colours from the palettes or define new ones; duplicates are ignored; each
 * change is saved at once.
 */
export function ColorListSetting({ paletteId, restrictions, noStyleguide, ...props }: ColorListSettingProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'choose' | 'define'>(restrictions || paletteId ? 'choose' : 'define');
  const [defining, setDefining] = useState<ColorValue>(() => serialiseColor({ r: 0, g: 0, b: 0, alpha: 100 }));
  const palettes = useQuery({
    ...paletteQuery(paletteId ?? 0),
    enabled: Boolean(paletteId) && !restrictions,
  });
  const choosable: Palette[] = restrictions
    ? [{ name: t('toolkit.colorList.allowed'), colors: restrictions.allowed }]
    : (palettes.data ?? []);

  return (
    <Setting<ColorValue[]>
      {...props}
      mode="direct"
      equals={(a, b) => a.length === b.length && a.every((c, i) => sameColor(parseColor(c), parseColor(b[i])))}
    >
      {(setting) => {
        const list = setting.draft.map((c) => parseColor(c));
        const add = (color: Rgba) => setting.change(addColorToList(list, color).map(serialiseColor));
        const remove = (index: number) => setting.change(setting.draft.filter((_, i) => i !== index));
        return (
          <div className="color-list">
            <ul className="color-list__items" aria-label={t('toolkit.colorList.chosen')}>
              {setting.draft.length === 0 ? <li className="muted">{t('toolkit.colorList.empty')}</li> : null}
              {setting.draft.map((c, index) => {
                const parsed = parseColor(c);
                const name = `${colorToHex(parsed)} · ${parsed.alpha}%`;
                return (
                  <li key={`${c.rgb}-${c.alpha ?? 100}`} className="color-list__item">
                    <ColorSwatch color={colorToCss(parsed)} />
                    <span>{name}</span>
                    {setting.readonly ? null : (
                      <AriaButton
                        className="button button--sm button--ghost"
                        onPress={() => remove(index)}
                        aria-label={t('toolkit.colorList.remove', { color: name })}
                      >
                        ×
                      </AriaButton>
                    )}
                  </li>
                );
              })}
            </ul>
            {setting.readonly ? null : (
              <>
                <div className="segmented" role="radiogroup" aria-label={t('toolkit.colorList.mode')}>
                  {(['choose', 'define'] as const).map((m) => (
                    <label key={m} className="segmented__option">
                      <input
                        type="radio"
                        name={`${setting.id}-mode`}
                        checked={mode === m}
                        disabled={m === 'define' && Boolean(restrictions)}
                        onChange={() => setMode(m)}
                      />
                      {t(`toolkit.colorList.${m}`)}
                    </label>
                  ))}
                </div>
                {mode === 'choose' ? (
                  noStyleguide ? (
                    <p className="muted">{t('toolkit.colorList.noStyleguide')}</p>
                  ) : palettes.isLoading ? (
                    <p className="muted">{t('toolkit.colorList.loading')}</p>
                  ) : choosable.every((p) => p.colors.length === 0) ? (
                    <p className="muted">{t('toolkit.colorList.noPalettes')}</p>
                  ) : (
                    choosable.map((palette) => (
                      <div key={palette.name} className="palette">
                        <p className="palette__name">{palette.name}</p>
                        <ul className="palette__colors">
                          {palette.colors.map((pc) => {
                            const parsed = parseColor(pc.css_value);
                            const inList = list.some((c) => sameColor(c, parsed));
                            return (
                              <li key={pc.id}>
                                <AriaButton
                                  className="palette__color"
                                  aria-pressed={inList}
                                  onPress={() => add(parsed)}
                                  aria-label={t('toolkit.colorList.add', { color: pc.name ?? pc.css_value })}
                                >
                                  <ColorSwatch color={colorToCss(parsed)} />
                                </AriaButton>
                              </li>
                            );
                          })}
                        </ul>
                      </div>
                    ))
                  )
                ) : (
                  <div className="color-list__define">
                    <InlineColorPicker
                      label={t('toolkit.colorList.newColor')}
                      value={defining}
                      onChange={setDefining}
                      onInstant={setDefining}
                      showReset={false}
                    />
                    <AriaButton className="button button--sm" onPress={() => add(parseColor(defining))}>
                      {t('toolkit.colorList.addDefined')}
                    </AriaButton>
                  </div>
                )}
              </>
            )}
          </div>
        );
      }}
    </Setting>
  );
}
