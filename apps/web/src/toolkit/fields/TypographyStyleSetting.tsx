import { type ColorValue, colorToCss, fontWeightsFor, normaliseLetterSpacing, parseColor } from '@emblem/core';
import { type CSSProperties, useId, useState } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Setting } from '../setting/Setting';
import { ColorInput } from './ColorSettings';
import { FontFamilySelect, type FontOption, FontWeightSelect, SYSTEM_FONTS, TextInput } from './StyleSettings';
import type { FieldOptions } from './TextSetting';

/** The state-dependent properties of a link style (hover and active variants). */
export const LINK_VARIANT_FIELDS = [
  'weight',
  'size',
  'line_height',
  'color',
  'background_color',
  'uppercase',
  'italic',
  'underline',
  'letterspacing',
] as const;

export interface TypographyStyle {
  family: string;
  family_css: string;
  provider: string;
  weight: number;
  size: string;
  line_height: string;
  color: ColorValue | null;
  uppercase: boolean;
  italic: boolean;
  underline: boolean;
  letterspacing: string;
  margin_top?: string;
  margin_bottom?: string;
  /** Link variant only: background, and the hover and active variants as `<field>_hover` / `<field>_active`. */
  background_color?: ColorValue | null;
  [variantField: string]: unknown;
}

type Variant = 'default' | 'hover' | 'active';

/** The key of a field in a variant: `color`, `color_hover`, `color_active`. */
export function variantKey(field: string, variant: Variant): string {
  return variant === 'default' ? field : `${field}_${variant}`;
}

/** A field of a variant, falling back to the default variant's value. */
function read<T>(style: TypographyStyle, field: string, variant: Variant): T {
  const own = style[variantKey(field, variant)];
  return (own === undefined || own === null || own === '' ? style[field] : own) as T;
}

/** The saved form: the provider lower-cased and every letter spacing normalised. */
export function serialiseTypography(style: TypographyStyle): TypographyStyle {
  const next: Record<string, unknown> = { ...style, provider: style.provider.toLowerCase() };
  for (const key of Object.keys(next))
    if (key === 'letterspacing' || key.startsWith('letterspacing_')) next[key] = normaliseLetterSpacing(next[key] as string);
  return next as TypographyStyle;
}

export function typographyCss(style: TypographyStyle, variant: Variant = 'default'): CSSProperties {
  const color = read<ColorValue | null>(style, 'color', variant);
  const background = read<ColorValue | null>(style, 'background_color', variant);
  return {
    fontFamily: style.family_css || undefined,
    fontWeight: read<number>(style, 'weight', variant),
    fontSize: read<string>(style, 'size', variant) || undefined,
    lineHeight: read<string>(style, 'line_height', variant) || undefined,
    color: color ? colorToCss(parseColor(color)) : undefined,
    backgroundColor: background ? colorToCss(parseColor(background)) : undefined,
    textTransform: read<boolean>(style, 'uppercase', variant) ? 'uppercase' : undefined,
    fontStyle: read<boolean>(style, 'italic', variant) ? 'italic' : undefined,
    textDecoration: read<boolean>(style, 'underline', variant) ? 'underline' : undefined,
    letterSpacing: normaliseLetterSpacing(read<string>(style, 'letterspacing', variant)),
  };
}

export interface TypographyStyleSettingProps extends FieldOptions<TypographyStyle> {
  fonts?: FontOption[];
  /** The link variant: hover and active variants of the state-dependent fields. */
  link?: boolean;
  /** Show margin top and bottom. */
  margins?: boolean;
  previewText?: string;
}

/**
 * Typography style: family, provider, weight (100–900 for Google only), size, line height, colour,
 * uppercase, italic, underline, letter spacing (normalised) and optional margins. The link variant edits hover
 * and active too.
 */
export function TypographyStyleSetting({ fonts = SYSTEM_FONTS, link, margins, previewText, ...props }: TypographyStyleSettingProps) {
  const { t } = useTranslation();
  return (
    <Setting<TypographyStyle>
      {...props}
      serialise={props.serialise ?? ((style) => ({ [props.name]: serialiseTypography(style) }))}
      fromReply={props.fromReply ?? ((_reply, sent) => serialiseTypography(sent))}
      renderValue={(style) => (
        <span className="type-preview" style={typographyCss(style)}>
          {previewText ?? t('toolkit.typography.preview')}
        </span>
      )}
    >
      {(setting) => (
        <TypographyEditor
          style={setting.draft}
          onChange={setting.setDraft}
          fonts={fonts}
          link={link}
          margins={margins}
          previewText={previewText ?? t('toolkit.typography.preview')}
        />
      )}
    </Setting>
  );
}

function TypographyEditor({
  style,
  onChange,
  fonts,
  link,
  margins,
  previewText,
}: {
  style: TypographyStyle;
  onChange: (style: TypographyStyle) => void;
  fonts: FontOption[];
  link?: boolean;
  margins?: boolean;
  previewText: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [variant, setVariant] = useState<Variant>('default');
  const set = (field: string, value: unknown) => onChange({ ...style, [variantKey(field, variant)]: value } as TypographyStyle);
  const weights = fontWeightsFor(style.provider);
  const fields = (
    <div className="composite">
      {variant === 'default' ? (
        <FontFamilySelect
          id={id}
          fonts={fonts}
          value={style.family}
          onSelect={(font) => {
            const nextWeights = fontWeightsFor(font.provider);
            onChange({
              ...style,
              family: font.family_name,
              family_css: font.css,
              provider: font.provider.toLowerCase(),
              weight: nextWeights.includes(style.weight) ? style.weight : 400,
            });
          }}
        />
      ) : null}
      <FontWeightSelect
        id={id}
        weights={weights}
        value={String(read<number>(style, 'weight', variant))}
        onChange={(weight) => set('weight', weight)}
      />
      <TextInput label={t('toolkit.typography.size')} value={read<string>(style, 'size', variant)} onChange={(v) => set('size', v)} />
      <TextInput
        label={t('toolkit.typography.lineHeight')}
        value={read<string>(style, 'line_height', variant)}
        onChange={(v) => set('line_height', v)}
      />
      <TextInput
        label={t('toolkit.typography.letterSpacing')}
        value={read<string>(style, 'letterspacing', variant)}
        onChange={(v) => set('letterspacing', v)}
        onBlur={(v) => set('letterspacing', normaliseLetterSpacing(v))}
      />
      <ColorInput
        label={t('toolkit.typography.color')}
        value={read<ColorValue | null>(style, 'color', variant)}
        onChange={(c) => set('color', c)}
      />
      {link ? (
        <ColorInput
          label={t('toolkit.typography.background')}
          value={read<ColorValue | null>(style, 'background_color', variant)}
          onChange={(c) => set('background_color', c)}
        />
      ) : null}
      {(['uppercase', 'italic', 'underline'] as const).map((flag) => (
        <label key={flag} className="inline-check">
          <input type="checkbox" checked={Boolean(read<boolean>(style, flag, variant))} onChange={(e) => set(flag, e.target.checked)} />
          {t(`toolkit.typography.${flag}`)}
        </label>
      ))}
      {margins && variant === 'default' ? (
        <>
          <TextInput label={t('toolkit.typography.marginTop')} value={style.margin_top ?? ''} onChange={(v) => set('margin_top', v)} />
          <TextInput
            label={t('toolkit.typography.marginBottom')}
            value={style.margin_bottom ?? ''}
            onChange={(v) => set('margin_bottom', v)}
          />
        </>
      ) : null}
    </div>
  );
  const preview = (
    <p className="type-preview type-preview--large" style={typographyCss(style, variant)} data-variant={variant}>
      {previewText}
    </p>
  );
  if (!link)
    return (
      <div className="style-editor">
        {preview}
        {fields}
      </div>
    );
  return (
    <Tabs selectedKey={variant} onSelectionChange={(key) => setVariant(key as Variant)} className="tabs style-editor">
      <TabList aria-label={t('toolkit.typography.states')} className="tabs__list">
        {(['default', 'hover', 'active'] as const).map((v) => (
          <Tab key={v} id={v} className="tabs__tab">
            {t(`toolkit.typography.state.${v}`)}
          </Tab>
        ))}
      </TabList>
      {(['default', 'hover', 'active'] as const).map((v) => (
        <TabPanel key={v} id={v} className="tabs__panel">
          {preview}
          {fields}
        </TabPanel>
      ))}
    </Tabs>
  );
}
