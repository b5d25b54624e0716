import { needsFullPageLoad } from '@emblem/core';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';

export interface NavigateOptions {
  replace?: boolean;
}

/** Full page loads go through here (tests replace these; jsdom's location cannot be spied on). */
export const pageLoader = {
  assign: (path: string) => window.location.assign(path),
  replace: (path: string) => window.location.replace(path),
};

/**
 * Navigation helper: paths served outside the app (hub, document, d, r) get a
 * full page load; everything else uses in-app navigation, optionally replacing the history entry.
 */
export function useAppNavigate(): (path: string, options?: NavigateOptions) => void {
  const navigate = useNavigate();
  return useCallback(
    (path: string, options: NavigateOptions = {}) => {
      if (needsFullPageLoad(path)) {
        if (options.replace) pageLoader.replace(path);
        else pageLoader.assign(path);
        return;
      }
      void navigate(path, { replace: options.replace });
    },
    [navigate],
  );
}
