import { type RefObject, useEffect } from 'react';
import type { SettingOptions, SettingState } from './types';

interface AutosaveOptions<V> {
  draft: V;
  state: SettingState;
  stateRef: RefObject<SettingState>;
  draftRef: RefObject<V>;
  savedRef: RefObject<V>;
  committingRef: RefObject<boolean>;
  optionsRef: RefObject<SettingOptions<V>>;
  autosaveDelay: number | null;
  readonly: boolean;
  liveChangeDelay: number;
  equals: (a: V, b: V) => boolean;
  check: (value: V) => Record<string, string> | null;
  persist: (value: V) => Promise<boolean>;
}

/**
 * The timers of a draft being typed: the autosave after `autosaveDelay` (a valid, changed draft is saved and the
 * setting stays active; an invalid one waits for Enter, Tab or blur to say why), and the live change for previews
 * after `liveChangeDelay`.
 */
export function useAutosave<V>({
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
}: AutosaveOptions<V>) {
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
  }, [draft, state, autosaveDelay, readonly, equals, check, persist, savedRef, committingRef, stateRef, draftRef]);

  useEffect(() => {
    if (!optionsRef.current.onLiveChange || equals(draft, savedRef.current)) return;
    const timer = setTimeout(() => optionsRef.current.onLiveChange?.(draftRef.current), liveChangeDelay);
    return () => clearTimeout(timer);
  }, [draft, equals, liveChangeDelay, optionsRef, savedRef, draftRef]);
}
