import { ACCOUNT_ROLES, TOOLKIT_DELAYS } from '@emblem/core';
import type { ReactNode } from 'react';
import {
  Button as AriaButton,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Radio,
  RadioGroup,
  Select,
  SelectValue,
  Switch,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Setting } from '../setting/Setting';
import type { FieldOptions } from './TextSetting';

export interface ChoiceOption<T extends string | number = string> {
  value: T;
  label: string;
  description?: string;
  /** Shown inside the choice card (an icon, a ratio box, a preview). */
  visual?: ReactNode;
  disabled?: boolean;
}

// ---------------------------------------------------------------------------------------------------------
// Toggle

export interface ToggleSettingProps<T> extends FieldOptions<T> {
  /** The value saved when on (default true). */
  trueValue?: T;
  /** The value saved when off (default false). */
  falseValue?: T;
}

/** Toggle: a boolean, optionally mapped to custom true and false values; saved at once. */
export function ToggleSetting<T = boolean>({ trueValue = true as T, falseValue = false as T, ...props }: ToggleSettingProps<T>) {
  return (
    <Setting<T> {...props} hideLabel mode="direct">
      {(setting) => (
        <Switch
          className="toggle"
          isSelected={setting.draft === trueValue}
          isReadOnly={setting.readonly}
          onChange={(on) => setting.change(on ? trueValue : falseValue)}
          {...setting.fieldProps()}
          // The description (shown beside the switch) describes it, as an error message does.
          aria-describedby={
            [setting.fieldProps()['aria-describedby'], props.description ? setting.descriptionId : ''].filter(Boolean).join(' ') ||
            undefined
          }
        >
          <span className="toggle__track" aria-hidden="true">
            <span className="toggle__thumb" />
          </span>
          <span className="toggle__label">{props.label}</span>
        </Switch>
      )}
    </Setting>
  );
}

// ---------------------------------------------------------------------------------------------------------
// Dropdown and role

export interface DropdownSettingProps<T extends string | number> extends FieldOptions<T | null> {
  options: ChoiceOption<T>[];
  placeholder?: string;
  commitDelay?: number;
}

/** Dropdown: a select whose choice is saved at once. */
export function DropdownSetting<T extends string | number>({ options, placeholder, ...props }: DropdownSettingProps<T>) {
  const { t } = useTranslation();
  const keyOf = (value: T | null) => (value === null ? null : String(value));
  return (
    <Setting<T | null> {...props} hideLabel mode="direct">
      {(setting) => (
        <Select
          className="field"
          selectedKey={keyOf(setting.draft)}
          onSelectionChange={(key) => {
            const option = options.find((o) => String(o.value) === String(key));
            if (option) setting.change(option.value);
          }}
          isDisabled={setting.readonly}
          disabledKeys={options.filter((o) => o.disabled).map((o) => String(o.value))}
          placeholder={placeholder ?? t('toolkit.choice.placeholder')}
        >
          <Label className="field__label">{props.label}</Label>
          <AriaButton className="field__input select__button" {...setting.fieldProps()}>
            <SelectValue className="select__value" />
            <span aria-hidden="true" className="select__chevron">
              ▾
            </span>
          </AriaButton>
          <Popover className="select__popover" data-popover="">
            <ListBox className="select__listbox" items={options.map((o) => ({ ...o, id: String(o.value) }))}>
              {(option) => (
                <ListBoxItem id={option.id} className="select__option" textValue={option.label}>
                  {option.label}
                </ListBoxItem>
              )}
            </ListBox>
          </Popover>
        </Select>
      )}
    </Setting>
  );
}

export interface RoleSettingProps extends FieldOptions<string | null> {
  /** The roles offered (the spec does not name them; the account roles by default). */
  roles?: readonly string[];
}

/** Role: a dropdown of roles, saved 100 ms after the last change. */
export function RoleSetting({ roles = ACCOUNT_ROLES, ...props }: RoleSettingProps) {
  const { t, i18n } = useTranslation();
  const options = roles.map((role) => ({ value: role, label: i18n.exists(`roles.${role}`) ? t(`roles.${role}` as never) : role }));
  return <DropdownSetting<string> {...props} options={options} commitDelay={TOOLKIT_DELAYS.geometryChange} />;
}

// ---------------------------------------------------------------------------------------------------------
// Choosers: cards, ratio, position, header size

export interface ChooserSettingProps<T extends string | number> extends FieldOptions<T | null> {
  options: ChoiceOption<T>[];
  /** Cards in a grid (default) or a compact row of segments. */
  layout?: 'cards' | 'segments' | 'grid3';
}

/** Chooser: one of several choices shown as cards; a choice is saved at once. */
export function ChooserSetting<T extends string | number>({ options, layout = 'cards', className, ...props }: ChooserSettingProps<T>) {
  return (
    <Setting<T | null> {...props} hideLabel mode="direct" className={['setting--chooser', className ?? ''].filter(Boolean).join(' ')}>
      {(setting) => (
        <RadioGroup
          className={`chooser chooser--${layout}`}
          value={setting.draft === null ? null : String(setting.draft)}
          isReadOnly={setting.readonly}
          onChange={(key) => {
            const option = options.find((o) => String(o.value) === key);
            if (option) setting.change(option.value);
          }}
          {...setting.fieldProps()}
        >
          <Label className="field__label">{props.label}</Label>
          <div className="chooser__options">
            {options.map((option) => (
              <Radio
                key={String(option.value)}
                value={String(option.value)}
                className="chooser__option"
                isDisabled={option.disabled}
                aria-label={layout === 'grid3' ? option.label : undefined}
              >
                {option.visual ? (
                  <span className="chooser__visual" aria-hidden="true">
                    {option.visual}
                  </span>
                ) : null}
                {layout === 'grid3' ? null : <span className="chooser__label">{option.label}</span>}
                {option.description ? <span className="chooser__description">{option.description}</span> : null}
              </Radio>
            ))}
          </div>
        </RadioGroup>
      )}
    </Setting>
  );
}

export const DEFAULT_RATIOS = ['1:1', '4:3', '3:2', '16:9', '21:9'] as const;

function ratioBox(ratio: string): ReactNode {
  const [w, h] = ratio.split(':').map(Number) as [number, number];
  const scale = 28 / Math.max(w, h);
  return <span className="ratio-box" style={{ width: `${w * scale}px`, height: `${h * scale}px` }} />;
}

export interface RatioSettingProps extends FieldOptions<string | null> {
  ratios?: readonly string[];
}

/** Ratio: an aspect ratio such as 16:9, saved at once. */
export function RatioSetting({ ratios = DEFAULT_RATIOS, ...props }: RatioSettingProps) {
  return (
    <ChooserSetting<string>
      {...props}
      layout="segments"
      options={ratios.map((ratio) => ({ value: ratio, label: ratio, visual: /^\d+:\d+$/.test(ratio) ? ratioBox(ratio) : undefined }))}
    />
  );
}

export const POSITIONS = [
  'top-left',
  'top-center',
  'top-right',
  'center-left',
  'center',
  'center-right',
  'bottom-left',
  'bottom-center',
  'bottom-right',
] as const;
export type Position = (typeof POSITIONS)[number];

/** Position: one of nine anchor points, saved at once. */
export function PositionSetting(props: FieldOptions<Position | null>) {
  const { t } = useTranslation();
  return (
    <ChooserSetting<Position>
      {...props}
      layout="grid3"
      options={POSITIONS.map((p) => ({ value: p, label: t(`toolkit.position.${p}`), visual: <span className="position-dot" /> }))}
    />
  );
}

export const HEADER_SIZES = ['small', 'medium', 'large', 'xlarge'] as const;
export type HeaderSize = (typeof HEADER_SIZES)[number];

/** Header size: small to extra large, saved at once. */
export function HeaderSizeSetting(props: FieldOptions<HeaderSize | null>) {
  const { t } = useTranslation();
  return (
    <ChooserSetting<HeaderSize>
      {...props}
      layout="segments"
      options={HEADER_SIZES.map((s) => ({ value: s, label: t(`toolkit.headerSize.${s}`) }))}
    />
  );
}
