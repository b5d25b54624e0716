import type { Key, ReactNode } from 'react';
import { Select as AriaSelect, Button, FieldError, Label, ListBox, ListBoxItem, Popover, SelectValue, Text } from 'react-aria-components';
import { useTranslation } from 'react-i18next';

export interface SelectOption {
  id: string;
  label: string;
  /** Shown before the label, in the list and in the button (e.g. a colour dot, `aria-hidden`). */
  prefix?: ReactNode;
}

export interface SelectFieldProps {
  label: ReactNode;
  /** Hide the label visually (it is still the accessible name), e.g. inside a table row. */
  hideLabel?: boolean;
  options: SelectOption[];
  value: string | null;
  onChange: (value: string) => void;
  disabledKeys?: string[];
  isDisabled?: boolean;
  name?: string;
  description?: ReactNode;
  errorMessage?: string;
  className?: string;
  /** Shown while nothing is chosen (a translated "Choose…" when not given). */
  placeholder?: string;
}

/** A single-choice select from React Aria (listbox popover, type-ahead, keyboard). */
export function SelectField({
  label,
  hideLabel,
  options,
  value,
  onChange,
  disabledKeys,
  isDisabled,
  name,
  description,
  errorMessage,
  className,
  placeholder,
}: SelectFieldProps) {
  const { t } = useTranslation();
  return (
    <AriaSelect
      className={['field', className ?? ''].filter(Boolean).join(' ')}
      selectedKey={value}
      onSelectionChange={(key: Key | null) => {
        if (key !== null) onChange(String(key));
      }}
      disabledKeys={disabledKeys}
      isDisabled={isDisabled}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
      name={name}
      placeholder={placeholder ?? t('common.selectPlaceholder')}
    >
      <Label className={hideLabel ? 'visually-hidden' : 'field__label'}>{label}</Label>
      <Button className="field__input select__button">
        <SelectValue className="select__value" />
        <span aria-hidden="true" className="select__chevron">
          ▾
        </span>
      </Button>
      {description ? (
        <Text slot="description" className="field__description">
          {description}
        </Text>
      ) : null}
      <FieldError className="field__error">{errorMessage}</FieldError>
      <Popover className="select__popover" data-popover="">
        <ListBox className="select__listbox" items={options}>
          {(option) => (
            <ListBoxItem id={option.id} className="select__option" textValue={option.label}>
              {option.prefix}
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
