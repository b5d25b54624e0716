import { type ColorValue, colorToCss, colorToHex, parseColor } from '@emblem/core';
import { useId, useRef } from 'react';
import { Button as AriaButton, Dialog, DialogTrigger, Popover } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Setting } from '../setting/Setting';
import { ColorSwatch, InlineColorPicker } from './ColorPicker';
import type { FieldOptions } from './TextSetting';

export type ColorSettingValue = ColorValue;

/**
 * A swatch button that toggles the picker in a popover (closed by an outside click or Escape). `onClose`
 * tells whether it was closed with Escape.
 */
export function ColorInput({
  label,
  value,
  onChange,
  onClose,
  isDisabled,
  invalidProps,
}: {
  label: string;
  value: ColorValue | string | null;
  onChange: (value: ColorValue) => void;
  onClose?: (escaped: boolean) => void;
  isDisabled?: boolean;
  invalidProps?: { 'aria-invalid'?: true; 'aria-describedby'?: string };
}) {
  const { t } = useTranslation();
  const id = useId();
  const escaped = useRef(false);
  const latest = useRef<ColorValue | null>(null);
  const current = parseColor(value);
  return (
    <div className="color-input">
      <span className="number-input__label" id={`${id}-label`}>
        {label}
      </span>
      <DialogTrigger
        onOpenChange={(open) => {
          if (open) {
            escaped.current = false;
            latest.current = null;
            return;
          }
          // The throttled report may lag behind the last change: hand over the latest colour before closing.
          if (!escaped.current && latest.current) onChange(latest.current);
          onClose?.(escaped.current);
        }}
      >
        <AriaButton className="color-input__button" isDisabled={isDisabled} aria-labelledby={`${id}-label ${id}-value`} {...invalidProps}>
          <ColorSwatch color={colorToCss(current)} />
          <span id={`${id}-value`}>{value ? `${colorToHex(current)} · ${current.alpha}%` : t('toolkit.setting.empty')}</span>
        </AriaButton>
        <Popover className="popover" data-popover="" placement="bottom start">
          <Dialog className="popover__dialog" aria-label={t('toolkit.color.pickerFor', { label })}>
            {/* Escape closes the popover; remember it so the owner can leave without saving. */}
            <div
              onKeyDownCapture={(e) => {
                if (e.key === 'Escape') escaped.current = true;
              }}
            >
              <InlineColorPicker
                label={label}
                value={value}
                onChange={onChange}
                onInstant={(v) => {
                  latest.current = v;
                }}
              />
            </div>
          </Dialog>
        </Popover>
      </DialogTrigger>
    </div>
  );
}

/**
 * Colour: a swatch that toggles the picker. Closing the picker saves a changed colour; Escape leaves
 * without saving.
 */
export function ColorSetting(props: FieldOptions<ColorValue | null>) {
  return (
    <Setting<ColorValue | null> {...props} hideLabel mode="direct">
      {(setting) => (
        <ColorInput
          label={String(props.label)}
          value={setting.draft}
          isDisabled={setting.readonly}
          invalidProps={setting.fieldProps()}
          onChange={(value) => setting.setDraft(value)}
          onClose={(escaped) => {
            if (escaped) setting.cancel();
            else void setting.commit('change');
          }}
        />
      )}
    </Setting>
  );
}
