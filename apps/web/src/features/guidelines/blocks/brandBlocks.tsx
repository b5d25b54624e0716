import { parseColor } from '@emblem/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BlockViewProps } from './types';

/** CMYK percentages from RGB (naive conversion, as a starting point when the brand gives none). */
export function cmykOf(hex: string): string {
  const { r, g, b } = parseColor(hex);
  const [rr, gg, bb] = [r / 255, g / 255, b / 255];
  const k = 1 - Math.max(rr, gg, bb);
  if (k >= 1) return '0 0 0 100';
  const part = (c: number) => Math.round(((1 - c - k) / (1 - k)) * 100);
  return `${part(rr)} ${part(gg)} ${part(bb)} ${Math.round(k * 100)}`;
}

/** Light colours get dark text on their swatch. */
function isLight(hex: string): boolean {
  const { r, g, b } = parseColor(hex);
  return 0.299 * r + 0.587 * g + 0.114 * b > 160;
}

/** A value with a button that copies it, saying so for a moment. */
function CopyValue({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <div className="copy-value">
      <dt>{label}</dt>
      <dd>
        <button
          type="button"
          className="copy-value__button"
          aria-label={t('guidelines.blocks.palette.copy', { label, value })}
          onClick={() => {
            void navigator.clipboard?.writeText(value).then(() => {
              setCopied(true);
              setTimeout(() => setCopied(false), 1500);
            });
          }}
        >
          <span className="copy-value__text">{value}</span>
          <span className="copy-value__state" aria-live="polite">
            {copied ? t('guidelines.blocks.palette.copied') : ''}
          </span>
        </button>
      </dd>
    </div>
  );
}

export function PaletteBlock({ settings }: BlockViewProps<'palette'>) {
  const { t } = useTranslation();
  const colors = settings.colors ?? [];
  return (
    <section className="block-palette" aria-label={settings.title || t('guidelines.blocks.types.palette')}>
      {settings.title ? <p className="block-palette__title">{settings.title}</p> : null}
      {colors.length === 0 ? (
        <p className="block-empty">{t('guidelines.blocks.palette.empty')}</p>
      ) : (
        <ul className="block-palette__list">
          {colors.map((color, index) => {
            const valid = /^#[0-9A-Fa-f]{6}$/.test(color.hex);
            const hex = valid ? color.hex.toUpperCase() : '#FFFFFF';
            const { r, g, b } = parseColor(hex);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: colours have no ids; their order is their identity.
              <li key={index} className="block-palette__color">
                <div
                  className={isLight(hex) ? 'block-palette__swatch block-palette__swatch--light' : 'block-palette__swatch'}
                  style={{ backgroundColor: hex }}
                >
                  <span className="block-palette__name">{color.name}</span>
                </div>
                {/* i18n-literal: the names of colour systems (HEX, RGB, CMYK, Pantone, RAL) are the same in every language. */}
                <dl className="block-palette__values">
                  <CopyValue label="HEX" value={valid ? hex : color.hex} />
                  <CopyValue label="RGB" value={`${r} ${g} ${b}`} />
                  <CopyValue label="CMYK" value={color.cmyk || cmykOf(hex)} />
                  {color.pantone ? <CopyValue label="Pantone" value={color.pantone} /> : null}
                  {color.ral ? <CopyValue label="RAL" value={color.ral} /> : null}
                </dl>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

export function TypographyBlock({ settings }: BlockViewProps<'typography'>) {
  const { t } = useTranslation();
  const family = settings.family || '';
  // The brand's font if the reader's device has it, else the system's.
  const fontFamily = `"${family.replace(/"/g, '')}", var(--font-sans)`;
  const weights = [...(settings.weights ?? [])].sort((a, b) => a - b);
  const specimen = settings.specimen || t('guidelines.blocks.typography.defaultSpecimen');
  return (
    <section className="block-typography" aria-label={t('guidelines.blocks.typography.label', { family })}>
      <p className="block-typography__family" style={{ fontFamily }}>
        {family}
      </p>
      {weights.length > 0 ? (
        <ul className="block-typography__weights">
          {weights.map((weight) => (
            <li key={weight} style={{ fontFamily, fontWeight: weight }}>
              <span className="block-typography__sample">{specimen}</span>
              <span className="block-typography__meta">{t('guidelines.blocks.typography.weight', { weight })}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {(settings.styles ?? []).length > 0 ? (
        <ul className="block-typography__styles">
          {(settings.styles ?? []).map((style, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: type styles have no ids; their order is their identity.
            <li key={index}>
              <span className="block-typography__meta">
                {t('guidelines.blocks.typography.style', {
                  name: style.name,
                  size: style.size,
                  weight: style.weight,
                  lineHeight: style.line_height ?? '—',
                })}
              </span>
              <span
                className="block-typography__style-sample"
                style={{ fontFamily, fontSize: `${style.size}px`, fontWeight: style.weight, lineHeight: style.line_height }}
              >
                {style.sample || style.name}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
