let region: HTMLElement | null = null;

/** Says `message` to screen readers through one polite live region. */
export function announce(message: string): void {
  // A new one when the page lost it (tests reset the page).
  if (!region?.isConnected) {
    region = document.createElement('div');
    region.className = 'visually-hidden';
    region.setAttribute('aria-live', 'polite');
    document.body.append(region);
  }
  region.textContent = '';
  // A new text node after clearing, so the same message twice is announced twice.
  window.setTimeout(() => {
    if (region) region.textContent = message;
  }, 50);
}
