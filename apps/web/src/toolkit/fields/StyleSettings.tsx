import {
  type ColorValue,
  clampNumber,
  colorToCss,
  type FrameValue,
  fontWeightsFor,
  normaliseLetterSpacing,
  parseColor,
} from '@emblem/core';
import { type CSSProperties, useId, useState } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Setting } from '../setting/Setting';
import { ColorInput } from './ColorSettings';
import { NumberInput } from './MeasureSettings';
import type { FieldOptions } from './TextSetting';

/** A font the typography and button style settings offer. */
export interface FontOption {
  family_name: string;
  display_name: string;
  /** Lower-cased; google offers weights 100–900. */
  provider: string;
  /** The CSS font-family value. */
  css: string;
}

export const SYSTEM_FONTS: FontOption[] = [
  { family_name: 'system-ui', display_name: 'System UI', provider: 'system', css: 'system-ui, sans-serif' },
  { family_name: 'Georgia', display_name: 'Georgia', provider: 'system', css: 'Georgia, serif' },
  { family_name: 'Inter', display_name: 'Inter', provider: 'google', css: '"Inter", sans-serif' },
  { family_name: 'Roboto Slab', display_name: 'Roboto Slab', provider: 'google', css: '"Roboto Slab", serif' },
];

// ---------------------------------------------------------------------------------------------------------
// Typography style

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

function TextInput({
  label,
  value,
  onChange,
  onBlur,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  onBlur?: (v: string) => void;
}) {
  const id = useId();
  return (
    <div className="number-input">
      <label className="number-input__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="field__input"
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value)}
        onBlur={(e) => onBlur?.(e.target.value)}
      />
    </div>
  );
}

// ---------------------------------------------------------------------------------------------------------
// Button style

export interface ButtonStyle {
  family_css: string;
  family: string;
  provider: string;
  color: ColorValue | null;
  color_hover: ColorValue | null;
  weight: number;
  size: string;
  line_height: string;
  uppercase: boolean;
  italic: boolean;
  border_width: number;
  border_radius: number;
  border_color: ColorValue | null;
  border_color_hover: ColorValue | null;
  /** Padding inside the button. */
  frame: FrameValue;
  background_color: ColorValue | null;
  background_color_hover: ColorValue | null;
}

export function buttonCss(style: ButtonStyle, state: 'default' | 'hover'): CSSProperties {
  const pick = (base: ColorValue | null, hover: ColorValue | null) => {
    const value = state === 'hover' && hover ? hover : base;
    return value ? colorToCss(parseColor(value)) : undefined;
  };
  return {
    fontFamily: style.family_css || undefined,
    fontWeight: style.weight,
    fontSize: style.size || undefined,
    lineHeight: style.line_height || undefined,
    textTransform: style.uppercase ? 'uppercase' : undefined,
    fontStyle: style.italic ? 'italic' : undefined,
    color: pick(style.color, style.color_hover),
    backgroundColor: pick(style.background_color, style.background_color_hover),
    borderStyle: 'solid',
    borderWidth: `${style.border_width}px`,
    borderRadius: `${style.border_radius}px`,
    borderColor: pick(style.border_color, style.border_color_hover) ?? 'transparent',
    padding: `${style.frame.top}px ${style.frame.right}px ${style.frame.bottom}px ${style.frame.left}px`,
  };
}

export interface ButtonStyleSettingProps extends FieldOptions<ButtonStyle> {
  fonts?: FontOption[];
  previewLabel?: string;
}

/** Button style: the button's type, border, padding and colours; the preview follows the Default/Hover tabs. */
export function ButtonStyleSetting({ fonts = SYSTEM_FONTS, previewLabel, ...props }: ButtonStyleSettingProps) {
  const { t } = useTranslation();
  const label = previewLabel ?? t('toolkit.buttonStyle.preview');
  return (
    <Setting<ButtonStyle>
      {...props}
      renderValue={(style) => (
        <span className="button-preview" style={buttonCss(style, 'default')}>
          {label}
        </span>
      )}
    >
      {(setting) => <ButtonStyleEditor style={setting.draft} onChange={setting.setDraft} fonts={fonts} label={label} />}
    </Setting>
  );
}

function ButtonStyleEditor({
  style,
  onChange,
  fonts,
  label,
}: {
  style: ButtonStyle;
  onChange: (style: ButtonStyle) => void;
  fonts: FontOption[];
  label: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [state, setState] = useState<'default' | 'hover'>('default');
  const set = <K extends keyof ButtonStyle>(key: K, value: ButtonStyle[K]) => onChange({ ...style, [key]: value });
  const suffix = state === 'hover' ? '_hover' : '';
  return (
    <Tabs selectedKey={state} onSelectionChange={(key) => setState(key as 'default' | 'hover')} className="tabs style-editor">
      <TabList aria-label={t('toolkit.buttonStyle.states')} className="tabs__list">
        <Tab id="default" className="tabs__tab">
          {t('toolkit.buttonStyle.default')}
        </Tab>
        <Tab id="hover" className="tabs__tab">
          {t('toolkit.buttonStyle.hover')}
        </Tab>
      </TabList>
      {(['default', 'hover'] as const).map((tab) => (
        <TabPanel key={tab} id={tab} className="tabs__panel">
          <p className="button-preview-stage">
            <span className="button-preview" data-preview-state={tab} style={buttonCss(style, tab)}>
              {label}
            </span>
          </p>
          <div className="composite">
            {tab === 'default' ? (
              <>
                <FontFamilySelect
                  id={id}
                  fonts={fonts}
                  value={style.family}
                  onSelect={(font) =>
                    onChange({ ...style, family: font.family_name, family_css: font.css, provider: font.provider.toLowerCase() })
                  }
                />
                <FontWeightSelect
                  id={id}
                  weights={fontWeightsFor(style.provider)}
                  value={style.weight}
                  onChange={(weight) => set('weight', weight)}
                />
                <TextInput label={t('toolkit.typography.size')} value={style.size} onChange={(v) => set('size', v)} />
                <NumberInput
                  label={t('toolkit.border.width')}
                  unit="px"
                  min={0}
                  value={style.border_width}
                  onChange={(v) => set('border_width', clampNumber(v, 0))}
                />
                <NumberInput
                  label={t('toolkit.border.radius')}
                  unit="px"
                  min={0}
                  value={style.border_radius}
                  onChange={(v) => set('border_radius', clampNumber(v, 0))}
                />
                {(['top', 'right', 'bottom', 'left'] as const).map((side) => (
                  <NumberInput
                    key={side}
                    label={t(`toolkit.buttonStyle.padding.${side}`)}
                    unit="px"
                    min={0}
                    value={style.frame[side]}
                    onChange={(v) => set('frame', { ...style.frame, [side]: clampNumber(v, 0) })}
                  />
                ))}
                {(['uppercase', 'italic'] as const).map((flag) => (
                  <label key={flag} className="inline-check">
                    <input type="checkbox" checked={style[flag]} onChange={(e) => set(flag, e.target.checked)} />
                    {t(`toolkit.typography.${flag}`)}
                  </label>
                ))}
              </>
            ) : null}
            <ColorInput
              label={t('toolkit.typography.color')}
              value={style[`color${suffix}` as 'color']}
              onChange={(c) => set(`color${suffix}` as 'color', c)}
            />
            <ColorInput
              label={t('toolkit.typography.background')}
              value={style[`background_color${suffix}` as 'background_color']}
              onChange={(c) => set(`background_color${suffix}` as 'background_color', c)}
            />
            <ColorInput
              label={t('toolkit.border.color')}
              value={style[`border_color${suffix}` as 'border_color']}
              onChange={(c) => set(`border_color${suffix}` as 'border_color', c)}
            />
          </div>
        </TabPanel>
      ))}
    </Tabs>
  );
}

/** The font family select of the typography and button styles; picks only fonts from the list. */
function FontFamilySelect({
  id,
  fonts,
  value,
  onSelect,
}: {
  id: string;
  fonts: FontOption[];
  value: string;
  onSelect: (font: FontOption) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="number-input">
      <label className="number-input__label" htmlFor={`${id}-family`}>
        {t('toolkit.typography.family')}
      </label>
      <select
        id={`${id}-family`}
        className="field__input"
        value={value}
        onChange={(e) => {
          const font = fonts.find((f) => f.family_name === e.target.value);
          if (font) onSelect(font);
        }}
      >
        {fonts.map((font) => (
          <option key={font.family_name} value={font.family_name}>
            {font.display_name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The font weight select of the typography and button styles. */
function FontWeightSelect({
  id,
  weights,
  value,
  onChange,
}: {
  id: string;
  weights: readonly number[];
  value: string | number;
  onChange: (weight: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="number-input">
      <label className="number-input__label" htmlFor={`${id}-weight`}>
        {t('toolkit.typography.weight')}
      </label>
      <select id={`${id}-weight`} className="field__input" value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {weights.map((w) => (
          <option key={w} value={w}>
            {w}
          </option>
        ))}
      </select>
    </div>
  );
}
