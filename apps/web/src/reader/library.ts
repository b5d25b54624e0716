import { announce } from './announce';
import { plural, strings } from './strings';

/**
 * Library blocks search as you type: the same search as the form (which works without the script), answered by
 * `GET /api/guideline-block/{id}/assets?q=` with the list's HTML as the server renders it.
 */
const DELAY_MS = 250;

interface SearchAnswer {
  success: boolean;
  data?: { html: string; count: number; more: boolean };
}

export function setUpLibraries(root: ParentNode): void {
  for (const block of root.querySelectorAll<HTMLElement>('[data-library]')) {
    const id = block.dataset.library;
    const form = block.querySelector<HTMLFormElement>('form');
    const input = form?.querySelector<HTMLInputElement>('input[type="search"]');
    if (!id || !form || !input) continue;
    let timer = 0;
    let running: AbortController | null = null;
    const search = async () => {
      running?.abort();
      const controller = new AbortController();
      running = controller;
      block.setAttribute('aria-busy', 'true');
      try {
        const params = new URLSearchParams({ q: input.value.trim() });
        // The list in the language of the page's own words (the server chose it for the page).
        const language = document.body.dataset.readerLanguage;
        if (language) params.set('language', language);
        const res = await fetch(`/api/guideline-block/${id}/assets?${params}`, {
          headers: { accept: 'application/json' },
          signal: controller.signal,
        });
        const answer = (await res.json()) as SearchAnswer;
        if (!res.ok || !answer.data) throw new Error('search failed');
        const results = block.querySelector('[data-library-results]');
        if (results) results.outerHTML = answer.data.html;
        const { count, more } = answer.data;
        const t = strings();
        announce(count === 0 ? t.noMatches : plural(t.found, count, `${count}${more ? '+' : ''}`));
      } catch (err) {
        // A newer search replaced this one, or it failed: the form still submits the plain way.
        if ((err as Error).name !== 'AbortError') announce(strings().searchFailed);
      } finally {
        if (running === controller) {
          running = null;
          block.removeAttribute('aria-busy');
        }
      }
    };
    input.addEventListener('input', () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(search, DELAY_MS);
    });
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      window.clearTimeout(timer);
      void search();
    });
  }
}
