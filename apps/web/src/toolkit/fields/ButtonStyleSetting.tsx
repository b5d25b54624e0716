import { type ColorValue, clampNumber, colorToCss, type FrameValue, fontWeightsFor, parseColor } from '@emblem/core';
import { type CSSProperties, useId, useState } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Setting } from '../setting/Setting';
import { ColorInput } from './ColorSettings';
import { NumberInput } from './NumberInput';
import { FontFamilySelect, type FontOption, FontWeightSelect, SYSTEM_FONTS, TextInput } from './StyleSettings';
import type { FieldOptions } from './TextSetting';

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
