import { type ColorValue, cssColorOf, parseColor, parseCssColor, serialiseColor, TOOLKIT_DELAYS } from '@emblem/core';
import type { ChangeEvent, KeyboardEvent, ReactNode } from 'react';
import { ColorInput, type FieldOptions, Setting } from '../../toolkit';

/**
 * Fields of the page builders (error pages, sign-in page), built from the toolkit's <Setting>: they report every
 * change to the live preview at once (`onLive`) and withdraw it when the edit is cancelled (`onLive(null)`).
 */

export interface LiveTextSettingProps extends Omit<FieldOptions<string>, 'onLiveChange'> {
  /** The draft while typing; null when the edit is cancelled (Escape). */
  onLive: (draft: string | null) => void;
  multiline?: boolean;
  rows?: number;
  maxLength?: number;
  placeholder?: string;
  /** How the saved (or live) text reads while the setting is idle. */
  renderValue?: (value: string) => ReactNode;
  emptyText?: string;
}

/**
 * Text, like every toolkit text setting (apps/web/src/toolkit/README.md): click or Enter to edit, Enter saves (Ctrl/Cmd+Enter in a multi-line text),
 * Escape cancels, Tab saves and moves on, a pause in typing autosaves.
 */
export function LiveTextSetting({ onLive, multiline, rows = 3, maxLength, placeholder, ...props }: LiveTextSettingProps) {
  return (
    <Setting<string> {...props} autosaveDelay={props.autosaveDelay ?? TOOLKIT_DELAYS.linkTextAutosave}>
      {(setting) => {
        const change = (text: string) => {
          setting.setDraft(text);
          onLive(text);
        };
        const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
          if (event.key === 'Escape') onLive(null);
          if (multiline && event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            void setting.commit('enter');
          }
        };
        const inputProps = {
          'aria-labelledby': setting.labelId,
          value: setting.draft ?? '',
          maxLength,
          placeholder,
          onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => change(e.target.value),
          onKeyDown,
          ...setting.fieldProps(),
        };
        return multiline ? (
          <textarea className="field__input field__input--multiline" rows={rows} {...inputProps} />
        ) : (
          <input className="field__input" {...inputProps} />
        );
      }}
    </Setting>
  );
}

/** A stored CSS colour as the toolkit's colour value (unreadable → transparent white). */
export function colorValueOf(css: string | null): ColorValue | null {
  if (css === null) return null;
  return serialiseColor(parseCssColor(css) ?? parseColor(css));
}

export interface LiveColorSettingProps extends Omit<FieldOptions<ColorValue | null>, 'value' | 'serialise' | 'onLiveChange'> {
  /** The stored CSS colour (#RRGGBB, rgba(), a keyword) or null. */
  value: string | null;
  onLive: (css: string | null) => void;
}

/**
 * Colour, like the toolkit's colour setting: a swatch that opens the picker; the preview follows the picker (throttled);
 * closing it saves a changed colour as a CSS string, Escape leaves without saving.
 */
export function LiveColorSetting({ value, onLive, ...props }: LiveColorSettingProps) {
  return (
    <Setting<ColorValue | null>
      {...props}
      value={colorValueOf(value)}
      serialise={(color) => ({ [props.name]: color ? cssColorOf(parseColor(color)) : null })}
      hideLabel
      mode="direct"
    >
      {(setting) => (
        <ColorInput
          label={String(props.label)}
          value={setting.draft}
          isDisabled={setting.readonly}
          invalidProps={setting.fieldProps()}
          onChange={(color) => {
            setting.setDraft(color);
            onLive(cssColorOf(parseColor(color)));
          }}
          onClose={(escaped) => {
            if (escaped) {
              setting.cancel();
              onLive(null);
            } else void setting.commit('change');
          }}
        />
      )}
    </Setting>
  );
}
