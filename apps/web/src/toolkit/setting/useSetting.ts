import { useCallback, useEffect, useId, useMemo, useRef } from 'react';
import { focusablesIn } from './focus';
import { useSettingsRegistry } from './SettingsGroup';
import type { CommitReason, SettingController, SettingOptions, SettingState } from './types';
import { useAutosave } from './useAutosave';
import { useFocusAfterRender } from './useFocusAfterRender';
import { useMirroredState } from './useMirroredState';
import { useSettingCheck } from './useSettingCheck';
import { useSettingFeedback } from './useSettingFeedback';
import { useSettingKeys } from './useSettingKeys';
import { useSettingSave } from './useSettingSave';

export { SETTING_OVERLAY_SELECTOR } from './focus';
export type { CommitReason, SettingController, SettingFlash, SettingOptions, SettingState } from './types';
export { FLASH_MS, PULSE_MS } from './useSettingFeedback';

const jsonEquals = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * The inline setting: one state machine and one save path for every field kind.
 * Use it through <Setting>, or directly for a custom layout (wire rootProps, displayProps and the refs).
 */
export function useSetting<V>(options: SettingOptions<V>): SettingController<V> {
  const { name, value, readonly = false, autosaveDelay = null, mode = 'inline', liveChangeDelay = 200 } = options;
  const registry = useSettingsRegistry();
  const id = `setting-${useId().replace(/:/g, '')}`;
  const labelId = `${id}-label`;
  const descriptionId = `${id}-description`;

  const optionsRef = useRef(options);
  optionsRef.current = options;
  const equals = useCallback((a: V, b: V) => (optionsRef.current.equals ?? jsonEquals)(a, b), []);

  const stateRef = useRef<SettingState>('idle');
  const [state, setState] = useMirroredState(stateRef);
  const draftRef = useRef<V>(value);
  const [draft, setDraftInternal] = useMirroredState(draftRef);
  const savedRef = useRef<V>(value);
  const [saved, setSaved] = useMirroredState(savedRef);
  const { errors, setErrors, flash, setFlash, pulse, setPulse, failValidation } = useSettingFeedback();
  const committingRef = useRef(false);
  const recommitRef = useRef(false);
  const commitRef = useRef<(reason: CommitReason) => Promise<boolean>>(async () => false);
  const focusTargetRef = useRef<'display' | 'editor' | null>(null);

  const rootRef = useRef<HTMLDivElement | null>(null);
  const displayRef = useRef<HTMLButtonElement | null>(null);
  const editorRef = useRef<HTMLDivElement | null>(null);

  // A new saved value from outside (the prop changed) is taken over unless the user is editing.
  const lastPropRef = useRef<V>(value);
  useEffect(() => {
    if (jsonEquals(lastPropRef.current, value)) return;
    lastPropRef.current = value;
    if (equals(value, savedRef.current)) return;
    setSaved(value);
    if (stateRef.current !== 'active' || mode === 'direct') setDraftInternal(value);
  }, [value, equals, setSaved, setDraftInternal, mode]);

  const serialise = useCallback((v: V): Record<string, unknown> => optionsRef.current.serialise?.(v) ?? { [name]: v }, [name]);

  /** Translated messages for the draft, or null when it is valid. Validation runs on submit only. */
  const check = useSettingCheck(name, optionsRef, serialise);
  const { persist, saving } = useSettingSave({
    name,
    optionsRef,
    serialise,
    equals,
    draftRef,
    setSaved,
    setDraft: setDraftInternal,
    setErrors,
    setFlash,
  });

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
    [equals, check, failValidation, persist, leave, setErrors],
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
  }, [mode, setState, setErrors]);

  const cancel = useCallback(() => {
    setDraftInternal(savedRef.current);
    setErrors({});
    setFlash(null);
    setPulse(0);
    if (mode === 'direct') return;
    focusTargetRef.current = 'display';
    setState('focused');
  }, [mode, setDraftInternal, setState, setPulse, setFlash, setErrors]);

  // Move focus after the display or the editor rendered.
  useFocusAfterRender(state, focusTargetRef, displayRef, editorRef);

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

  useAutosave({
    draft,
    state,
    stateRef,
    draftRef,
    savedRef,
    committingRef,
    optionsRef,
    autosaveDelay,
    readonly,
    liveChangeDelay,
    equals,
    check,
    persist,
  });

  const { onKeyDown, onBlur } = useSettingKeys({ mode, stateRef, committingRef, rootRef, editorRef, cancel, commit });

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
    saving,
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
