import { colorToHex, parseColor } from '@emblem/core';
import { useTranslation } from 'react-i18next';
import { CheckboxGroupSetting, ColorInput, TextSetting } from '../../../../toolkit';
import { SelectField } from '../../../../ui/SelectField';
import { TextField } from '../../../../ui/TextField';
import type { BlockSettingsProps } from '../types';
import { ItemList, NumberSetting, OptionalTextSetting } from './shared';

type PaletteColor = NonNullable<BlockSettingsProps<'palette'>['settings']['colors']>[number];
type TypeStyle = NonNullable<BlockSettingsProps<'typography'>['settings']['styles']>[number];

const WEIGHTS = [100, 200, 300, 400, 500, 600, 700, 800, 900] as const;

export function PaletteSettings({ settings, onChange }: BlockSettingsProps<'palette'>) {
  const { t } = useTranslation();
  return (
    <>
      <OptionalTextSetting name="title" value={settings.title} maxLength={200} onSaved={(title) => onChange({ title })} />
      <ItemList<PaletteColor>
        label={t('guidelines.blocks.fields.colors')}
        items={settings.colors ?? []}
        onChange={(colors) => onChange({ colors })}
        create={() => ({ name: t('guidelines.blocks.palette.newColor', { number: (settings.colors ?? []).length + 1 }), hex: '#1D5FD1' })}
        itemLabel={(color) => color.name || color.hex}
        max={60}
        addLabel={t('guidelines.blocks.palette.add')}
        renderItem={(color, update) => (
          <>
            <TextField
              label={t('guidelines.blocks.fields.name')}
              value={color.name}
              maxLength={80}
              isRequired
              onChange={(name) => update({ name })}
            />
            <ColorInput
              label={t('guidelines.blocks.palette.colorOf', { name: color.name || color.hex })}
              value={color.hex}
              onChange={(value) => update({ hex: colorToHex(parseColor(value)) })}
            />
            <div className="item-list__row">
              <TextField
                label={t('guidelines.blocks.fields.hex')}
                value={color.hex}
                maxLength={7}
                onChange={(hex) => update({ hex: hex.startsWith('#') ? hex : `#${hex}` })}
              />
              <TextField
                label={t('guidelines.blocks.fields.cmyk')}
                description={t('guidelines.blocks.palette.cmykHint')}
                value={color.cmyk ?? ''}
                onChange={(cmyk) => update({ cmyk: cmyk.trim() || undefined })}
              />
              <TextField
                label={t('guidelines.blocks.fields.pantone')}
                value={color.pantone ?? ''}
                maxLength={60}
                onChange={(pantone) => update({ pantone: pantone || undefined })}
              />
              <TextField
                label={t('guidelines.blocks.fields.ral')}
                value={color.ral ?? ''}
                maxLength={60}
                onChange={(ral) => update({ ral: ral || undefined })}
              />
            </div>
          </>
        )}
      />
    </>
  );
}

export function TypographySettings({ settings, onChange }: BlockSettingsProps<'typography'>) {
  const { t } = useTranslation();
  return (
    <>
      <TextSetting
        name="family"
        label={t('guidelines.blocks.fields.family')}
        value={settings.family ?? ''}
        rules={{ required: true, maxlength: 120 }}
        onSaved={(family) => onChange({ family })}
      />
      <CheckboxGroupSetting<number>
        className="block-settings__weights"
        name="weights"
        label={t('guidelines.blocks.fields.weights')}
        value={settings.weights ?? []}
        options={WEIGHTS.map((weight) => ({ value: weight, label: String(weight) }))}
        onSaved={(weights) => onChange({ weights: [...weights].sort((a, b) => a - b) })}
      />
      <TextSetting
        name="specimen"
        label={t('guidelines.blocks.fields.specimen')}
        value={settings.specimen ?? ''}
        rules={{ maxlength: 300 }}
        onSaved={(specimen) => onChange({ specimen: specimen || undefined })}
      />
      <ItemList<TypeStyle>
        label={t('guidelines.blocks.fields.styles')}
        items={settings.styles ?? []}
        onChange={(styles) => onChange({ styles })}
        create={() => ({ name: t('guidelines.blocks.typography.newStyle'), size: 16, weight: 400, line_height: 1.5 })}
        itemLabel={(style) => style.name}
        max={20}
        addLabel={t('guidelines.blocks.typography.addStyle')}
        renderItem={(style, update) => (
          <>
            <TextField
              label={t('guidelines.blocks.fields.name')}
              value={style.name}
              maxLength={60}
              isRequired
              onChange={(name) => update({ name })}
            />
            <div className="item-list__row">
              <NumberSetting
                label={t('guidelines.blocks.fields.size')}
                value={style.size}
                min={6}
                max={200}
                onChange={(size) => update({ size: size ?? 16 })}
              />
              <SelectField
                label={t('guidelines.blocks.fields.weight')}
                options={WEIGHTS.map((w) => ({ id: String(w), label: String(w) }))}
                value={String(style.weight)}
                onChange={(weight) => update({ weight: Number(weight) })}
              />
              <NumberSetting
                label={t('guidelines.blocks.fields.line_height')}
                value={style.line_height}
                min={0.8}
                max={3}
                step={0.1}
                onChange={(line_height) => update({ line_height })}
              />
            </div>
            <TextField
              label={t('guidelines.blocks.fields.sample')}
              value={style.sample ?? ''}
              maxLength={200}
              onChange={(sample) => update({ sample: sample || undefined })}
            />
          </>
        )}
      />
    </>
  );
}
