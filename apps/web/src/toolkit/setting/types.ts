import type { ValidationRules } from '@emblem/core';
import type { QueryKey } from '@tanstack/react-query';
import type { FocusEvent as ReactFocusEvent, KeyboardEvent as ReactKeyboardEvent, RefObject } from 'react';
import type { SaveMethod, SaveReply } from './save';

/** A setting is idle, focused or active (editing). */
export type SettingState = 'idle' | 'focused' | 'active';
export type SettingFlash = 'success' | 'error' | null;
/** How an edit ends: Enter, Tab/Shift-Tab, focus moving elsewhere, an autosave pause, or a direct control. */
export type CommitReason = 'enter' | 'tab' | 'blur' | 'autosave' | 'change' | 'submit';

export interface SettingOptions<V> {
  /** The field name; the default serialisation is `{ [name]: value }`. */
  name: string;
  /** The saved value. A new value from outside (a refetch) is taken over while the setting is not being edited. */
  value: V;
  /** Where the setting saves. Without it the save succeeds locally. */
  api?: string | null;
  /** POST (default) or PUT. */
  method?: SaveMethod;
  /** The fields sent (the i18n language is added). Default `{ [name]: value }`. */
  serialise?: (value: V) => Record<string, unknown>;
  /** The standard rules for the field `name`. */
  rules?: ValidationRules;
  /** Rules per serialised field, for settings with several fields. */
  fieldRules?: Record<string, ValidationRules>;
  /** Serialised fields that are hidden now; they are not validated unless `validateHidden`. */
  hiddenFields?: readonly string[];
  validateHidden?: boolean;
  /** More checks of the draft (e.g. a time that does not parse); returns field → translated message. */
  validate?: (draft: V) => Record<string, string> | null;
  /** Readonly settings leave at once when entered. */
  readonly?: boolean;
  /** Whether two values are the same (default: JSON equality). A value is saved only if it changed. */
  equals?: (a: V, b: V) => boolean;
  /** Text settings: save after this pause in typing while editing. */
  autosaveDelay?: number | null;
  /**
   * inline: click-to-edit (idle/focused show the value, active shows the editor).
   * direct: the control is always shown and every change is saved at once (choosers, ratios, toggles).
   */
  mode?: 'inline' | 'direct';
  /** Direct settings: wait this long after the last change before saving (frame, hotspot, logo, role 100 ms). */
  commitDelay?: number | null;
  /** Called after a save succeeded, with the saved value and the answer. */
  onSaved?: (value: V, reply: SaveReply) => void;
  /** Called with the draft after the live-change pause (200 ms) while typing, e.g. for a live preview. */
  onLiveChange?: (draft: V) => void;
  liveChangeDelay?: number;
  /** Field messages from a refused save (default: the errors map, else `error` at the field `name`;). */
  readErrors?: (reply: SaveReply) => Record<string, string> | null;
  /** The saved value taken from the answer (default: the draft that was sent). */
  fromReply?: (reply: SaveReply, sent: V) => V;
  /** Query keys refetched after a successful save. */
  invalidates?: readonly QueryKey[];
}

export interface SettingController<V> {
  id: string;
  name: string;
  labelId: string;
  descriptionId: string;
  mode: 'inline' | 'direct';
  state: SettingState;
  readonly: boolean;
  /** The value being edited. */
  draft: V;
  /** The last saved value. */
  saved: V;
  changed: boolean;
  saving: boolean;
  flash: SettingFlash;
  /** Increments on every pulse so the animation restarts; 0 = not pulsing. */
  pulse: number;
  /** Translated messages per field; `''` holds a message for the whole setting. */
  errors: Record<string, string>;
  errorId: (field?: string) => string;
  /** aria props for the control of a field: invalid state and the error/description it is described by. */
  fieldProps: (field?: string) => { 'aria-invalid'?: true; 'aria-describedby'?: string };
  setDraft: (next: V | ((current: V) => V)) => void;
  /** Direct settings: set and save at once. Inline settings: same as setDraft. */
  change: (next: V) => void;
  activate: () => void;
  /** Escape, reset or cancel: leave without saving. */
  cancel: () => void;
  commit: (reason: CommitReason, move?: 'next' | 'previous') => Promise<boolean>;
  rootRef: RefObject<HTMLDivElement | null>;
  displayRef: RefObject<HTMLButtonElement | null>;
  editorRef: RefObject<HTMLDivElement | null>;
  rootProps: {
    onKeyDown: (event: ReactKeyboardEvent<HTMLElement>) => void;
    onBlur: (event: ReactFocusEvent<HTMLElement>) => void;
  };
  displayProps: {
    onClick: () => void;
    onFocus: () => void;
    onBlur: () => void;
  };
}
