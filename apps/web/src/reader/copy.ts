import { announce } from './announce';

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
      try {
        await navigator.clipboard.writeText(text);
        button.textContent = 'Copied';
        announce(`Copied ${from ? 'the code' : text}`);
      } catch {
        button.textContent = 'Copy failed';
        announce('Could not copy: select the value and copy it yourself');
      }
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        button.textContent = label;
      }, 1500);
    });
  }
}
