/**
 * Whether a key press belongs to something else than page-level shortcuts: typing in a field, or any open
 * dialog, menu or listbox (they handle their own Escape and arrows).
 */
export function isShortcutBlocked(event: KeyboardEvent): boolean {
  if (event.defaultPrevented) return true;
  const target = event.target instanceof Element ? event.target : null;
  if (
    target?.closest(
      'input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="menu"], [role="listbox"], [role="dialog"], [role="alertdialog"]',
    )
  )
    return true;
  return typeof document !== 'undefined' && document.querySelector('.modal-overlay, [data-popover]') !== null;
}
