import { announce } from './announce';
import { fill, strings } from './strings';

/**
 * Copy buttons (palette values, code): rendered hidden, shown only where the clipboard can be written, since the
 * value is on the page anyway. `data-copy` holds the value; `data-copy-from` names the element whose text to copy.
 */
export function setUpCopyButtons(root: ParentNode): void {
  if (!navigator.clipboard?.writeText) return;
  for (const button of root.querySelectorAll<HTMLButtonElement>('button[data-copy], button[data-copy-from]')) {
    button.hidden = false;
    const label = button.textContent ?? '';
    let timer = 0;
    button.addEventListener('click', async () => {
      const from = button.dataset.copyFrom;
      const text = from ? (document.getElementById(from)?.textContent ?? '') : (button.dataset.copy ?? '');
      const t = strings();
      try {
        await navigator.clipboard.writeText(text);
        button.textContent = t.copied;
        announce(from ? t.copiedCode : fill(t.copiedValue, { value: text }));
      } catch {
        button.textContent = t.copyFailed;
        announce(t.copyYourself);
      }
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        button.textContent = label;
      }, 1500);
    });
  }
}
