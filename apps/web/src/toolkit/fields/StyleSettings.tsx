import { useId } from 'react';
import { useTranslation } from 'react-i18next';

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

export function TextInput({
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

/** The font family select of the typography and button styles; picks only fonts from the list. */
export function FontFamilySelect({
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
export function FontWeightSelect({
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
