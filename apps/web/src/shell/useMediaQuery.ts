import { useCallback, useSyncExternalStore } from 'react';

/** Below md (768px) the header's navigation moves into the account menu (shell.css), and so does the cookie entry. */
export const NARROW_SCREEN = '(max-width: 767.98px)';

/** Whether a media query matches now; follows its changes. False where there is no matchMedia. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  );
}
