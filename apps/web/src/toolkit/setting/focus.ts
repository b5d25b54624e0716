import type { KeyboardEvent as ReactKeyboardEvent } from 'react';

/** Elements that open over a setting in portals; focus moving into them does not end the edit. */
export const SETTING_OVERLAY_SELECTOR =
  '[data-popover], [role="dialog"], [role="alertdialog"], [role="listbox"], [role="menu"], [data-setting-overlay]';

const FOCUSABLE =
  'input:not([disabled]):not([type="hidden"]), textarea:not([disabled]), select:not([disabled]), button:not([disabled]), [contenteditable="true"], a[href], [tabindex]:not([tabindex="-1"])';

export function focusablesIn(element: HTMLElement | null): HTMLElement[] {
  if (!element) return [];
  return [...element.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[inert]') && el.tabIndex >= 0);
}

/** Enter saves from one-line inputs; text areas, rich text, buttons and open comboboxes keep their own Enter. */
export function enterCommits(event: ReactKeyboardEvent<HTMLElement>): boolean {
  if (event.nativeEvent.isComposing || event.defaultPrevented) return false;
  const target = event.target as HTMLElement;
  if (!(target instanceof HTMLInputElement)) return false;
  if (target.getAttribute('role') === 'combobox' && target.getAttribute('aria-expanded') === 'true') return false;
  return !['checkbox', 'radio', 'button', 'submit', 'file', 'color', 'range'].includes(target.type);
}
