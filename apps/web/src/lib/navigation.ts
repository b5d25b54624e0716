import { needsFullPageLoad } from '@emblem/core';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';

export interface NavigateOptions {
  replace?: boolean;
}

/**
 * Navigation helper (routes-access-shell.md §2.10): paths served outside the app (hub, document, d, r) get a
 * full page load; everything else uses in-app navigation, optionally replacing the history entry.
 */
export function useAppNavigate(): (path: string, options?: NavigateOptions) => void {
  const navigate = useNavigate();
  return useCallback(
    (path: string, options: NavigateOptions = {}) => {
      if (needsFullPageLoad(path)) {
        if (options.replace) window.location.replace(path);
        else window.location.assign(path);
        return;
      }
      void navigate(path, { replace: options.replace });
    },
    [navigate],
  );
}
