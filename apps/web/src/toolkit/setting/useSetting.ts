import { type ValidatedField, type ValidationRules, validateFields } from '@emblem/core';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type FocusEvent as ReactFocusEvent,
  type KeyboardEvent as ReactKeyboardEvent,
  type RefObject,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage, validationMessage } from './messages';
import { useSettingsRegistry } from './SettingsGroup';
import { type SaveMethod, type SaveReply, saveSetting } from './save';

/** A setting is idle, focused or active (editing). */
export type SettingState = 'idle' | 'focused' | 'active';
export type SettingFlash = 'success' | 'error' | null;
/** How an edit ends: Enter, Tab/Shift-Tab, focus moving elsewhere, an autosave pause, or a direct control. */
export type CommitReason = 'enter' | 'tab' | 'blur' | 'autosave' | 'change' | 'submit';

/** How long the success or error flash and the invalid pulse stay on the setting. */
export const FLASH_MS = 1500;
export const PULSE_MS = 600;

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

const jsonEquals = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** Elements that open over a setting in portals; focus moving into them does not end the edit. */
export const SETTING_OVERLAY_SELECTOR =
  '[data-popover], [role="dialog"], [role="alertdialog"], [role="listbox"], [role="menu"], [data-setting-overlay]';

const FOCUSABLE =
  'input:not([disabled]):not([type="hidden"]), textarea:not([disabled]), select:not([disabled]), button:not([disabled]), [contenteditable="true"], a[href], [tabindex]:not([tabindex="-1"])';

function focusablesIn(element: HTMLElement | null): HTMLElement[] {
  if (!element) return [];
  return [...element.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[inert]') && el.tabIndex >= 0);
}

/** Enter saves from one-line inputs; text areas, rich text, buttons and open comboboxes keep their own Enter. */
function enterCommits(event: ReactKeyboardEvent<HTMLElement>): boolean {
  if (event.nativeEvent.isComposing || event.defaultPrevented) return false;
  const target = event.target as HTMLElement;
  if (!(target instanceof HTMLInputElement)) return false;
  if (target.getAttribute('role') === 'combobox' && target.getAttribute('aria-expanded') === 'true') return false;
  return !['checkbox', 'radio', 'button', 'submit', 'file', 'color', 'range'].includes(target.type);
}

/**
 * The inline setting: one state machine and one save path for every field kind.
 * Use it through <Setting>, or directly for a custom layout (wire rootProps, displayProps and the refs).
 */
export function useSetting<V>(options: SettingOptions<V>): SettingController<V> {
  const { name, value, api, method = 'POST', readonly = false, autosaveDelay = null, mode = 'inline', liveChangeDelay = 200 } = options;
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const registry = useSettingsRegistry();
  const id = `setting-${useId().replace(/:/g, '')}`;
  const labelId = `${id}-label`;
  const descriptionId = `${id}-description`;

  const optionsRef = useRef(options);
  optionsRef.current = options;
  const equals = useCallback((a: V, b: V) => (optionsRef.current.equals ?? jsonEquals)(a, b), []);

  const [state, setStateValue] = useState<SettingState>('idle');
  const stateRef = useRef<SettingState>('idle');
  const setState = useCallback((next: SettingState) => {
    stateRef.current = next;
    setStateValue(next);
  }, []);
  const [draft, setDraftValue] = useState<V>(value);
  const draftRef = useRef<V>(value);
  const [saved, setSavedValue] = useState<V>(value);
  const savedRef = useRef<V>(value);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [flash, setFlash] = useState<SettingFlash>(null);
  const [pulse, setPulse] = useState(0);
  const committingRef = useRef(false);
  const recommitRef = useRef(false);
  const commitRef = useRef<(reason: CommitReason) => Promise<boolean>>(async () => false);
  const focusTargetRef = useRef<'display' | 'editor' | null>(null);

  const rootRef = useRef<HTMLDivElement | null>(null);
  const displayRef = useRef<HTMLButtonElement | null>(null);
  const editorRef = useRef<HTMLDivElement | null>(null);

  const setDraftInternal = useCallback((next: V) => {
    draftRef.current = next;
    setDraftValue(next);
  }, []);
  const setSaved = useCallback((next: V) => {
    savedRef.current = next;
    setSavedValue(next);
  }, []);

  // A new saved value from outside (the prop changed) is taken over unless the user is editing.
  const lastPropRef = useRef<V>(value);
  useEffect(() => {
    if (jsonEquals(lastPropRef.current, value)) return;
    lastPropRef.current = value;
    if (equals(value, savedRef.current)) return;
    setSaved(value);
    if (stateRef.current !== 'active' || mode === 'direct') setDraftInternal(value);
  }, [value, equals, setSaved, setDraftInternal, mode]);

  // Flash and pulse wear off.
  useEffect(() => {
    if (!flash) return;
    const timer = setTimeout(() => setFlash(null), FLASH_MS);
    return () => clearTimeout(timer);
  }, [flash]);
  useEffect(() => {
    if (!pulse) return;
    const timer = setTimeout(() => setPulse(0), PULSE_MS);
    return () => clearTimeout(timer);
  }, [pulse]);

  const mutation = useMutation({
    mutationFn: (fields: Record<string, unknown>) => saveSetting({ api, method, fields, language: i18n.language }),
  });

  const serialise = useCallback((v: V): Record<string, unknown> => optionsRef.current.serialise?.(v) ?? { [name]: v }, [name]);

  /** Translated messages for the draft, or null when it is valid. Validation runs on submit only. */
  const check = useCallback(
    (v: V): Record<string, string> | null => {
      const opts = optionsRef.current;
      const fields = serialise(v);
      const rules: Record<string, ValidationRules> = { ...(opts.fieldRules ?? {}) };
      if (opts.rules) rules[name] = { ...(rules[name] ?? {}), ...opts.rules };
      const hidden = new Set(opts.hiddenFields ?? []);
      const list: ValidatedField[] = Object.entries(rules).map(([field, fieldRules]) => ({
        name: field,
        value: fields[field],
        rules: fieldRules,
        hidden: hidden.has(field),
      }));
      // Values of other fields (equalTo) come from the serialised fields too.
      for (const [field, fieldValue] of Object.entries(fields)) if (!(field in rules)) list.push({ name: field, value: fieldValue });
      const failures = validateFields(list, { validateHidden: opts.validateHidden });
      const messages: Record<string, string> = {};
      for (const [field, failure] of Object.entries(failures)) messages[field] = validationMessage(t, failure);
      const custom = opts.validate?.(v);
      if (custom) for (const [field, message] of Object.entries(custom)) if (!(field in messages)) messages[field] = message;
      return Object.keys(messages).length > 0 ? messages : null;
    },
    [name, serialise, t],
  );

  const failValidation = useCallback((messages: Record<string, string>) => {
    setErrors(messages);
    setFlash('error');
    setPulse((p) => p + 1);
  }, []);

  /** Sends the value; true when it was saved. Errors of a refusal are shown at the fields. */
  const persist = useCallback(
    async (v: V): Promise<boolean> => {
      const opts = optionsRef.current;
      const reply = await mutation.mutateAsync(serialise(v));
      if (reply.success) {
        const next = opts.fromReply ? opts.fromReply(reply, v) : v;
        setSaved(next);
        if (equals(draftRef.current, v)) setDraftInternal(next);
        setErrors({});
        setFlash('success');
        opts.onSaved?.(next, reply);
        for (const key of opts.invalidates ?? []) void queryClient.invalidateQueries({ queryKey: key });
        return true;
      }
      const custom = opts.readErrors?.(reply);
      const messages: Record<string, string> = {};
      for (const [field, message] of Object.entries(custom ?? reply.errors)) messages[field] = serverMessage(t, i18n, message);
      if (Object.keys(messages).length === 0) {
        messages[name] = reply.error ? serverMessage(t, i18n, reply.error) : t('toolkit.setting.saveFailed');
      }
      setErrors(messages);
      setFlash('error');
      return false;
    },
    [mutation, serialise, equals, setSaved, setDraftInternal, queryClient, t, i18n, name],
  );

  const leave = useCallback(
    (reason: CommitReason, move?: 'next' | 'previous') => {
      if (mode === 'direct') return;
      if (move) {
        const neighbour = registry.neighbour(id, move);
        setState('idle');
        if (neighbour) {
          neighbour.enter(move);
          return;
        }
      }
      if (reason === 'blur' || reason === 'autosave') {
        if (reason === 'blur') setState('idle');
        return;
      }
      focusTargetRef.current = 'display';
      setState('focused');
    },
    [mode, registry, id, setState],
  );

  const commit = useCallback(
    async (reason: CommitReason, move?: 'next' | 'previous'): Promise<boolean> => {
      if (committingRef.current) {
        // A direct change while the previous one is being saved: save again once that is done.
        if (reason === 'change') recommitRef.current = true;
        return false;
      }
      if (optionsRef.current.readonly) {
        leave(reason, move);
        return true;
      }
      const current = draftRef.current;
      if (equals(current, savedRef.current)) {
        setErrors({});
        leave(reason, move);
        return true;
      }
      const messages = check(current);
      if (messages) {
        failValidation(messages);
        return false;
      }
      committingRef.current = true;
      try {
        const ok = await persist(current);
        if (ok) leave(reason, move);
        return ok;
      } finally {
        committingRef.current = false;
        if (recommitRef.current) {
          recommitRef.current = false;
          void commitRef.current('change');
        }
      }
    },
    [equals, check, failValidation, persist, leave],
  );

  commitRef.current = commit;

  const setDraft = useCallback(
    (next: V | ((current: V) => V)) => {
      const resolved = typeof next === 'function' ? (next as (current: V) => V)(draftRef.current) : next;
      setDraftInternal(resolved);
    },
    [setDraftInternal],
  );

  const changeTimerRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (changeTimerRef.current) clearTimeout(changeTimerRef.current);
    },
    [],
  );
  const change = useCallback(
    (next: V) => {
      setDraftInternal(next);
      if (mode !== 'direct') return;
      const delay = optionsRef.current.commitDelay;
      if (changeTimerRef.current) clearTimeout(changeTimerRef.current);
      if (!delay) {
        void commit('change');
        return;
      }
      changeTimerRef.current = setTimeout(() => {
        changeTimerRef.current = null;
        void commit('change');
      }, delay);
    },
    [mode, setDraftInternal, commit],
  );

  const activate = useCallback(() => {
    if (mode === 'direct') return;
    if (optionsRef.current.readonly) {
      // A readonly setting leaves at once when it is entered.
      focusTargetRef.current = 'display';
      setState('focused');
      return;
    }
    setErrors({});
    focusTargetRef.current = 'editor';
    setState('active');
  }, [mode, setState]);

  const cancel = useCallback(() => {
    setDraftInternal(savedRef.current);
    setErrors({});
    setFlash(null);
    setPulse(0);
    if (mode === 'direct') return;
    focusTargetRef.current = 'display';
    setState('focused');
  }, [mode, setDraftInternal, setState]);

  // Move focus after the display or the editor rendered.
  // biome-ignore lint/correctness/useExhaustiveDependencies: state is the trigger; the element to focus has just rendered.
  useEffect(() => {
    const target = focusTargetRef.current;
    if (!target) return;
    focusTargetRef.current = null;
    if (target === 'display') {
      displayRef.current?.focus();
      return;
    }
    const editor = editorRef.current;
    const preferred = editor?.querySelector<HTMLElement>('[data-autofocus]') ?? focusablesIn(editor)[0];
    preferred?.focus();
    if (preferred instanceof HTMLInputElement || preferred instanceof HTMLTextAreaElement) {
      try {
        const end = preferred.value.length;
        preferred.setSelectionRange(end, end);
      } catch {
        // Inputs such as number do not support selection ranges.
      }
    }
  }, [state]);

  // Register for Tab / Shift-Tab navigation between settings.
  useEffect(
    () =>
      registry.register({
        id,
        element: () => rootRef.current,
        enter: () => {
          if (mode === 'direct' || optionsRef.current.readonly) {
            if (mode === 'inline') {
              focusTargetRef.current = 'display';
              setState('focused');
              displayRef.current?.focus();
            } else focusablesIn(rootRef.current)[0]?.focus();
            return;
          }
          activate();
        },
      }),
    [registry, id, mode, activate, setState],
  );

  // Text autosaves after a pause in typing; an invalid draft waits for Enter, Tab or blur to say why.
  useEffect(() => {
    if (!autosaveDelay || state !== 'active' || readonly || equals(draft, savedRef.current)) return;
    const timer = setTimeout(() => {
      if (committingRef.current || stateRef.current !== 'active') return;
      const current = draftRef.current;
      if (equals(current, savedRef.current) || check(current)) return;
      committingRef.current = true;
      void persist(current).finally(() => {
        committingRef.current = false;
      });
    }, autosaveDelay);
    return () => clearTimeout(timer);
  }, [draft, state, autosaveDelay, readonly, equals, check, persist]);

  // Live change for previews, after the text input pause (200 ms).
  useEffect(() => {
    if (!optionsRef.current.onLiveChange || equals(draft, savedRef.current)) return;
    const timer = setTimeout(() => optionsRef.current.onLiveChange?.(draftRef.current), liveChangeDelay);
    return () => clearTimeout(timer);
  }, [draft, equals, liveChangeDelay]);

  const onKeyDown = useCallback(
    (event: ReactKeyboardEvent<HTMLElement>) => {
      if (mode !== 'inline' || stateRef.current !== 'active') return;
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        cancel();
        return;
      }
      if (event.key === 'Tab') {
        // Inside an editor with several controls, Tab moves between them; from the last (or first) it leaves.
        const focusables = focusablesIn(editorRef.current);
        const index = focusables.indexOf(event.target as HTMLElement);
        const atEdge = index === -1 || (event.shiftKey ? index === 0 : index === focusables.length - 1);
        if (!atEdge) return;
        event.preventDefault();
        void commit('tab', event.shiftKey ? 'previous' : 'next');
        return;
      }
      if (event.key === 'Enter' && enterCommits(event)) {
        event.preventDefault();
        void commit('enter');
      }
    },
    [mode, cancel, commit],
  );

  const onBlur = useCallback(
    (event: ReactFocusEvent<HTMLElement>) => {
      if (mode !== 'inline' || stateRef.current !== 'active' || committingRef.current) return;
      const next = event.relatedTarget as Element | null;
      if (next && (rootRef.current?.contains(next) || next.closest(SETTING_OVERLAY_SELECTOR))) return;
      // The window lost focus (another tab or app): the edit goes on when the user comes back.
      if (!next && typeof document !== 'undefined' && !document.hasFocus()) return;
      void commit('blur');
    },
    [mode, commit],
  );

  const displayProps = useMemo(
    () => ({
      onClick: activate,
      onFocus: () => {
        if (stateRef.current === 'idle') setState('focused');
      },
      onBlur: () => {
        if (stateRef.current === 'focused') setState('idle');
      },
    }),
    [activate, setState],
  );

  const errorId = useCallback((field?: string) => `${id}-error-${field ?? name}`, [id, name]);
  const fieldProps = useCallback(
    (field?: string) => {
      const key = field ?? name;
      const message = errors[key];
      return message ? { 'aria-invalid': true as const, 'aria-describedby': errorId(key) } : {};
    },
    [errors, errorId, name],
  );

  return {
    id,
    name,
    labelId,
    descriptionId,
    mode,
    state,
    readonly,
    draft,
    saved,
    changed: !equals(draft, saved),
    saving: mutation.isPending,
    flash,
    pulse,
    errors,
    errorId,
    fieldProps,
    setDraft,
    change,
    activate,
    cancel,
    commit,
    rootRef,
    displayRef,
    editorRef,
    rootProps: { onKeyDown, onBlur },
    displayProps,
  };
}
