import { announce } from './announce';

/**
 * "Download all (ZIP)": the browser downloads it as any link; the button says it is on its way and refuses a second
 * press for a few seconds, since a large ZIP takes a moment to start.
 */
const BUSY_MS = 4000;

export function setUpZipButtons(root: ParentNode): void {
  for (const link of root.querySelectorAll<HTMLAnchorElement>('a[data-zip]')) {
    const label = link.textContent ?? '';
    const status = link.parentElement?.querySelector<HTMLElement>('.zip__status');
    link.addEventListener('click', (event) => {
      if (link.getAttribute('aria-disabled') === 'true') {
        event.preventDefault();
        return;
      }
      link.setAttribute('aria-disabled', 'true');
      link.classList.add('is-busy');
      link.textContent = 'Preparing the ZIP…';
      if (status) status.textContent = 'Your download starts in a moment.';
      else announce('Your download starts in a moment.');
      window.setTimeout(() => {
        link.removeAttribute('aria-disabled');
        link.classList.remove('is-busy');
        link.textContent = label;
        if (status) status.textContent = '';
      }, BUSY_MS);
    });
  }
}
