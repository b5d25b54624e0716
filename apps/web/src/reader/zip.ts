import { announce } from './announce';
import { downloadWithConsent, type StartDownload, startDownload } from './consent';
import { strings } from './strings';

/**
 * "Download all (ZIP)": when assets of the block ask for usage consent, the reader accepts their terms first
 * (consent.ts); then the browser downloads the ZIP, the button says it is on its way and refuses a second press for
 * a few seconds, since a large ZIP takes a moment to start. Declined: nothing downloads and the button is free again.
 */
const BUSY_MS = 4000;

export function setUpZipButtons(root: ParentNode, start: StartDownload = startDownload): void {
  for (const link of root.querySelectorAll<HTMLAnchorElement>('a[data-zip]')) {
    const label = link.textContent ?? '';
    const status = link.parentElement?.querySelector<HTMLElement>('.zip__status');
    link.addEventListener('click', async (event) => {
      event.preventDefault();
      if (link.getAttribute('aria-disabled') === 'true') return;
      link.setAttribute('aria-disabled', 'true');
      const started = await downloadWithConsent(link.href, link, start);
      if (!started) {
        link.removeAttribute('aria-disabled');
        return;
      }
      link.classList.add('is-busy');
      const t = strings();
      link.textContent = t.zipPreparing;
      if (status) status.textContent = t.zipStarting;
      else announce(t.zipStarting);
      window.setTimeout(() => {
        link.removeAttribute('aria-disabled');
        link.classList.remove('is-busy');
        link.textContent = label;
        if (status) status.textContent = '';
      }, BUSY_MS);
    });
  }
}
