import { addColorToList, type ColorValue, colorToCss, colorToHex, parseColor, type Rgba, sameColor, serialiseColor } from '@emblem/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { request } from '../../lib/api';
import { Setting } from '../setting/Setting';
import { ColorSwatch, InlineColorPicker } from './ColorPicker';
import type { FieldOptions } from './TextSetting';

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
