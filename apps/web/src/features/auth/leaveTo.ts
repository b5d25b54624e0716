import { needsFullPageLoad } from '@emblem/core';
import { redirect } from 'react-router';
import { pageLoader } from '../../lib/navigation';

/** A loader's way out to `path`: a router redirect, or a full page load for paths served outside the app (hub, document, d, r). */
export function leaveTo(path: string): Response | null {
  if (needsFullPageLoad(path)) {
    pageLoader.replace(path);
    return null;
  }
  return redirect(path);
}
