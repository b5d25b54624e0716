import type { ReactNode } from 'react';
import { useState } from 'react';
import { Input, Label, NumberField } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { TextSetting } from '../../../../toolkit';
import { Button } from '../../../../ui/Button';
import { type AssetKind, AssetPicker } from '../AssetPicker';
import { useBlockAssets } from '../assets';
import { AssetImage } from '../mediaBlocks';

/** The messages of settings that cannot be saved, each naming where it is ("Colour 2 › HEX"). */
export function SettingsErrors({ errors }: { errors: Record<string, string> }) {
  const { t, i18n } = useTranslation();
  const entries = Object.entries(errors);
  if (entries.length === 0) return null;
  const describe = (path: string) =>
    path
      .split('.')
      .filter(Boolean)
      .map((part) =>
        /^\d+$/.test(part)
          ? `#${Number(part) + 1}`
          : i18n.exists(`guidelines.blocks.fields.${part}`)
            ? t(`guidelines.blocks.fields.${part}` as 'guidelines.blocks.fields.title')
            : part,
      )
      .join(' › ');
  return (
    <div className="alert alert--error" role="alert">
      <p className="alert__title">{t('guidelines.blocks.notSaved')}</p>
      <ul className="settings-errors">
        {entries.map(([path, message]) => (
          <li key={path}>{path ? `${describe(path)}: ${message}` : message}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A list of items edited in the drawer (colours, type styles, do's and don'ts): each item's fields, moved up and
 * down and removed with labelled buttons, and an Add button.
 */
export function ItemList<T>({
  label,
  items,
  onChange,
  create,
  itemLabel,
  renderItem,
  max,
  addLabel,
}: {
  label: string;
  items: T[];
  onChange: (items: T[]) => void;
  create: () => T;
  itemLabel: (item: T, index: number) => string;
  renderItem: (item: T, update: (patch: Partial<T>) => void, index: number) => ReactNode;
  max: number;
  addLabel: string;
}) {
  const { t } = useTranslation();
  const move = (from: number, to: number) => {
    const next = [...items];
    const [item] = next.splice(from, 1);
    if (item === undefined) return;
    next.splice(to, 0, item);
    onChange(next);
  };
  return (
    <fieldset className="item-list">
      <legend className="field__label">{label}</legend>
      {items.length === 0 ? <p className="item-list__empty">{t('guidelines.blocks.list.empty')}</p> : null}
      <ol className="item-list__items">
        {items.map((item, index) => {
          const name = itemLabel(item, index);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the items have no ids; moving one re-renders the list.
            <li key={index} className="item-list__item">
              <div className="item-list__fields">
                {renderItem(item, (patch) => onChange(items.map((it, i) => (i === index ? { ...it, ...patch } : it))), index)}
              </div>
              <div className="item-list__actions">
                <Button
                  size="sm"
                  variant="ghost"
                  isDisabled={index === 0}
                  aria-label={t('guidelines.blocks.list.moveUp', { name })}
                  onPress={() => move(index, index - 1)}
                >
                  <span aria-hidden="true">↑</span>
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  isDisabled={index === items.length - 1}
                  aria-label={t('guidelines.blocks.list.moveDown', { name })}
                  onPress={() => move(index, index + 1)}
                >
                  <span aria-hidden="true">↓</span>
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={t('guidelines.blocks.list.remove', { name })}
                  onPress={() => onChange(items.filter((_, i) => i !== index))}
                >
                  {t('guidelines.blocks.list.removeShort')}
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      <Button size="sm" onPress={() => onChange([...items, create()])} isDisabled={items.length >= max}>
        {addLabel}
      </Button>
    </fieldset>
  );
}

/** The assets a block shows, as small tiles, with the picker to choose them and a button to clear them. */
export function AssetsField({
  label,
  ids,
  onChange,
  brandId,
  multiple,
  kind,
}: {
  label: string;
  ids: number[];
  onChange: (ids: number[]) => void;
  brandId: number;
  multiple: boolean;
  kind: AssetKind;
}) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  const { assets, loading } = useBlockAssets(ids);
  return (
    <fieldset className="assets-field">
      <legend className="field__label">{label}</legend>
      {ids.length === 0 ? (
        <p className="item-list__empty">{t('guidelines.assetPicker.none')}</p>
      ) : (
        <ul className="assets-field__list" aria-busy={loading || undefined}>
          {assets.map((asset) => (
            <li key={asset.id} className="assets-field__item">
              <AssetImage asset={asset} />
              <span className="assets-field__name">{asset.title}</span>
              <Button
                size="sm"
                variant="ghost"
                aria-label={t('guidelines.assetPicker.removeLabel', { title: asset.title })}
                onPress={() => onChange(ids.filter((id) => id !== asset.id))}
              >
                {t('guidelines.blocks.list.removeShort')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Button size="sm" onPress={() => setPicking(true)}>
        {ids.length === 0 ? t('guidelines.assetPicker.choose') : t('guidelines.assetPicker.change')}
      </Button>
      {picking ? (
        <AssetPicker brandId={brandId} isOpen onOpenChange={setPicking} multiple={multiple} kind={kind} initial={ids} onPick={onChange} />
      ) : null}
    </fieldset>
  );
}

/** A labelled number (React Aria's NumberField: arrows step it, typing is checked); empty gives undefined. */
export function NumberSetting({
  label,
  value,
  onChange,
  min,
  max,
  step = 1,
}: {
  label: string;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  min: number;
  max: number;
  step?: number;
}) {
  return (
    <NumberField
      className="field number-setting"
      value={value ?? Number.NaN}
      minValue={min}
      maxValue={max}
      step={step}
      onChange={(next) => onChange(Number.isNaN(next) ? undefined : next)}
    >
      <Label className="field__label">{label}</Label>
      <Input className="field__input" />
    </NumberField>
  );
}

/**
 * An optional one-line text of a block (title, caption, author): labelled from `guidelines.blocks.fields.{name}`;
 * clearing it removes the setting.
 */
export function OptionalTextSetting({
  name,
  value,
  maxLength,
  onSaved,
}: {
  name: 'title' | 'caption' | 'attribution';
  value: string | undefined;
  maxLength: number;
  onSaved: (value: string | undefined) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextSetting
      name={name}
      label={t(`guidelines.blocks.fields.${name}`)}
      value={value ?? ''}
      rules={{ maxlength: maxLength }}
      onSaved={(text) => onSaved(text || undefined)}
    />
  );
}
