import { checkboxGroupDisabled, radioValue } from '@emblem/core';
import type { TFunction } from 'i18next';
import { Checkbox as AriaCheckbox, Label, Radio, RadioGroup } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Setting } from '../setting/Setting';
import type { ChoiceOption } from './ChoiceSettings';
import type { FieldOptions } from './TextSetting';

export interface CheckboxGroupSettingProps<T extends string | number> extends FieldOptions<T[]> {
  options: ChoiceOption<T>[];
  min?: number;
  max?: number;
}

/**
 * Checkbox group: at or below `min` ticked, the ticked boxes are disabled; at `max`, the unticked ones.
 * Each change is saved at once.
 */
export function CheckboxGroupSetting<T extends string | number>({ options, min, max, ...props }: CheckboxGroupSettingProps<T>) {
  const { t } = useTranslation();
  return (
    <Setting<T[]> {...props} hideLabel mode="direct" description={props.description ?? limitsText(t, min, max)}>
      {(setting) => {
        const disabled = checkboxGroupDisabled(
          options.map((o) => o.value),
          setting.draft,
          { min, max },
        );
        return (
          <fieldset className="checkbox-group" aria-describedby={props.description || min || max ? setting.descriptionId : undefined}>
            <legend className="field__label">{props.label}</legend>
            {options.map((option) => (
              <AriaCheckbox
                key={String(option.value)}
                className="checkbox"
                isSelected={setting.draft.includes(option.value)}
                isDisabled={option.disabled || disabled.includes(option.value) || setting.readonly}
                onChange={(on) => setting.change(on ? [...setting.draft, option.value] : setting.draft.filter((v) => v !== option.value))}
              >
                {({ isSelected }) => (
                  <>
                    <span className="checkbox__box" aria-hidden="true">
                      {isSelected ? '✓' : ''}
                    </span>
                    <span className="checkbox__label">{option.label}</span>
                  </>
                )}
              </AriaCheckbox>
            ))}
          </fieldset>
        );
      }}
    </Setting>
  );
}

function limitsText(t: TFunction, min?: number, max?: number): string | undefined {
  if (min && max) return String(t('toolkit.checkboxGroup.between', { min, max }));
  if (min) return String(t('toolkit.checkboxGroup.atLeast', { count: min }));
  if (max) return String(t('toolkit.checkboxGroup.atMost', { count: max }));
  return undefined;
}

export interface RadioSettingProps extends FieldOptions<string | null> {
  /** Option values as text; the text "null" stands for no value. */
  options: { value: string; label: string }[];
}

/** Radio group: the radio value "null" is saved as null. Saved at once. */
export function RadioSetting({ options, ...props }: RadioSettingProps) {
  return (
    <Setting<string | null> {...props} hideLabel mode="direct">
      {(setting) => (
        <RadioGroup
          className="radio-group"
          value={setting.draft === null ? 'null' : setting.draft}
          isReadOnly={setting.readonly}
          onChange={(value) => setting.change(radioValue(value))}
        >
          <Label className="field__label">{props.label}</Label>
          {options.map((option) => (
            <Radio key={option.value} value={option.value} className="radio">
              <span className="radio__circle" aria-hidden="true" />
              {option.label}
            </Radio>
          ))}
        </RadioGroup>
      )}
    </Setting>
  );
}
