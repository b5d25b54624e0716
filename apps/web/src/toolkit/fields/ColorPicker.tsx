import {
  COLOR_RESET,
  type ColorValue,
  colorToCss,
  colorToHex,
  parseColor,
  type Rgba,
  serialiseColor,
  TOOLKIT_DELAYS,
  tryParseColor,
} from '@emblem/core';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import {
  Button as AriaButton,
  ColorArea,
  ColorPicker,
  ColorSlider,
  ColorThumb,
  Label,
  parseColor as parseAriaColor,
  SliderTrack,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';

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
