import { PORTAL_VISIBILITIES } from '@emblem/core';
import type { Key } from 'react';
import { Button, Label, ListBox, ListBoxItem, Popover, Select, SelectValue, Text } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import type { PortalVisibility } from './api';

/**
 * Who may open a portal, as a select whose options each carry one line saying who that is; the line of the
 * current choice stays visible under the field.
 */
export function VisibilitySelect({
  value,
  onChange,
  isDisabled,
}: {
  value: PortalVisibility;
  onChange: (value: PortalVisibility) => void;
  isDisabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Select
      className="field visibility-select"
      selectedKey={value}
      onSelectionChange={(key: Key | null) => {
        const next = PORTAL_VISIBILITIES.find((v) => v === key);
        if (next && next !== value) onChange(next);
      }}
      isDisabled={isDisabled}
    >
      <Label className="field__label">{t('guidelines.visibilityLabel')}</Label>
      <Button className="field__input select__button">
        <SelectValue className="select__value">{({ selectedText }) => selectedText}</SelectValue>
        <span aria-hidden="true" className="select__chevron">
          ▾
        </span>
      </Button>
      <Text slot="description" className="field__description">
        {t(`guidelines.visibilityText.${value}`)}
      </Text>
      <Popover className="select__popover" data-popover="">
        <ListBox className="select__listbox">
          {PORTAL_VISIBILITIES.map((visibility) => (
            <ListBoxItem
              key={visibility}
              id={visibility}
              className="select__option visibility-option"
              textValue={t(`guidelines.visibility.${visibility}`)}
            >
              <Text slot="label" className="visibility-option__label">
                {t(`guidelines.visibility.${visibility}`)}
              </Text>
              <Text slot="description" className="visibility-option__text">
                {t(`guidelines.visibilityText.${visibility}`)}
              </Text>
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  );
}
