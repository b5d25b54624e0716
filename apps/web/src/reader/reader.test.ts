import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getErrorPageHubLinks, getRecentHubs } from '../lib/recentHubs';
import { setUpCopyButtons } from './copy';
import { followHash, parseHash } from './hash';
import { setUpLibraries } from './library';
import { RECENT_HUBS_KEY, rememberHub, rememberPageHub } from './recent-hubs';
import { setUpTabs } from './tabs';
import { setUpZipButtons } from './zip';

/** The public reader's script, on markup shaped like what the server renders (modules/guidelines/reader/render). */

afterEach(() => {
  document.body.innerHTML = '';
  window.localStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  history.replaceState(null, '', '/');
});

describe('recent hubs', () => {
  it('records the page’s hub where the error page reads it: newest first, each hub once', () => {
    rememberHub({ hubId: 1, hubTitle: 'Acme' });
    rememberHub({ hubId: 2, hubTitle: 'Globex' });
    document.body.dataset.hubId = '1';
    document.body.dataset.hubTitle = 'Acme brand';
    rememberPageHub(document.body);
    expect(getRecentHubs()).toEqual([
      { hubId: 1, hubTitle: 'Acme brand' },
      { hubId: 2, hubTitle: 'Globex' },
    ]);
    for (let i = 10; i < 20; i++) rememberHub({ hubId: i, hubTitle: `Hub ${i}` });
    expect(getErrorPageHubLinks().map((h) => h.hubId)).toEqual([19, 18, 17, 16]);
  });

  it('keeps a list it cannot read from breaking the page, and ignores a page without a hub', () => {
    window.localStorage.setItem(RECENT_HUBS_KEY, '{not json');
    rememberHub({ hubId: 3, hubTitle: 'Initech' });
    expect(getRecentHubs()).toEqual([{ hubId: 3, hubTitle: 'Initech' }]);
    delete document.body.dataset.hubId;
    rememberPageHub(document.body);
    expect(getRecentHubs()).toHaveLength(1);
  });
});

describe('deep links', () => {
  it('reads #/{section or -}/{block}[:{item}] and inserts the missing section', () => {
    expect(parseHash('#/12')).toEqual({ hash: '#/-/12', ids: ['block-12'] });
    expect(parseHash('#/3/12')).toEqual({ hash: '#/3/12', ids: ['block-12', 'section-3'] });
    expect(parseHash('#/3/12:2')).toEqual({ hash: '#/3/12:2', ids: ['block-12-2', 'block-12', 'section-3'] });
    expect(parseHash('#/-/12:0')).toEqual({ hash: '#/-/12:0', ids: ['block-12-0', 'block-12'] });
    expect(parseHash('#/3/-')).toEqual({ hash: '#/3/-', ids: ['section-3'] });
    expect(parseHash('#section-4')).toEqual({ hash: '#section-4', ids: ['section-4'] });
    expect(parseHash('#/x/y')).toBeNull();
    expect(parseHash('')).toBeNull();
  });

  it('scrolls to the block, selecting the tab that holds it, and rewrites a two-segment hash', () => {
    document.body.innerHTML = `<main class="document" data-document-id="1">
      <div class="tabs" data-tabs>
        <section id="section-1" class="section tabs__panel" data-tab-title="Print"><h2 class="tabs__title">Print</h2><div id="block-7">a</div></section>
        <section id="section-2" class="section tabs__panel" data-tab-title="Screen"><h2 class="tabs__title">Screen</h2><div id="block-9">b</div></section>
      </div></main>`;
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id);
    };
    setUpTabs(document);
    expect(document.getElementById('section-2')?.hidden).toBe(true);
    history.replaceState(null, '', '/document/1/2#/9');
    followHash();
    expect(window.location.hash).toBe('#/-/9');
    expect(scrolled).toEqual(['block-9']);
    expect(document.getElementById('section-2')?.hidden).toBe(false);
    expect(document.getElementById('section-1')?.hidden).toBe(true);
    expect(document.activeElement?.id).toBe('block-9');
  });
});

describe('tabs', () => {
  it('turns a tab group into ARIA tabs that arrow keys move through', () => {
    document.body.innerHTML = `<div class="tabs" data-tabs>
      <section id="section-1" class="tabs__panel" data-tab-title="Print"><h2 class="tabs__title">Print</h2>p</section>
      <section id="section-2" class="tabs__panel" data-tab-title="Screen"><h2 class="tabs__title">Screen</h2>s</section>
      <section id="section-3" class="tabs__panel" data-tab-title="Motion"><h2 class="tabs__title">Motion</h2>m</section>
    </div>`;
    setUpTabs(document);
    const tabs = [...document.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
    expect(tabs.map((t) => t.textContent)).toEqual(['Print', 'Screen', 'Motion']);
    expect(tabs.map((t) => t.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false']);
    expect(document.getElementById('section-1')?.getAttribute('aria-labelledby')).toBe('tab-section-1');
    expect(document.querySelector<HTMLElement>('.tabs__title')?.hidden).toBe(true);
    tabs[0]?.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true }));
    expect(tabs[2]?.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tabs[2]);
    expect(document.getElementById('section-3')?.hidden).toBe(false);
    tabs[2]?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Home', bubbles: true }));
    expect(tabs[0]?.tabIndex).toBe(0);
    expect(tabs[2]?.tabIndex).toBe(-1);
    tabs[1]?.click();
    expect(document.getElementById('section-2')?.hidden).toBe(false);
  });
});

describe('copy buttons', () => {
  beforeEach(() => {
    document.body.innerHTML = `<button type="button" class="copy" data-copy="#1A5FB4" hidden>Copy</button>
      <code id="code-1">const a = 1;</code><button type="button" class="copy" data-copy-from="code-1" hidden>Copy code</button>`;
  });

  it('stay hidden without a clipboard', () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    setUpCopyButtons(document);
    expect([...document.querySelectorAll('button')].every((b) => b.hidden)).toBe(true);
  });

  it('copy a value or an element’s text and say so', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    setUpCopyButtons(document);
    const [value, code] = [...document.querySelectorAll<HTMLButtonElement>('button')];
    expect(value?.hidden).toBe(false);
    value?.click();
    await vi.waitFor(() => expect(value?.textContent).toBe('Copied'));
    code?.click();
    await vi.waitFor(() => expect(writeText).toHaveBeenLastCalledWith('const a = 1;'));
    expect(writeText).toHaveBeenCalledWith('#1A5FB4');
  });

  it('say so in the words the page carries, and in English when they cannot be read', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: vi.fn(async () => {}) } });
    const words = document.createElement('script');
    words.type = 'application/json';
    words.id = 'reader-strings';
    words.textContent = JSON.stringify({ copied: 'Copié', copyFailed: 'Échec de la copie' });
    document.body.append(words);
    setUpCopyButtons(document);
    const value = document.querySelector<HTMLButtonElement>('button')!;
    value.click();
    await vi.waitFor(() => expect(value.textContent).toBe('Copié'));
    words.textContent = '{not json';
    value.click();
    await vi.waitFor(() => expect(value.textContent).toBe('Copied'));
  });
});

describe('ZIP button', () => {
  it('says the download is coming and refuses a second press for a moment', async () => {
    vi.useFakeTimers();
    // Nothing in the block asks for usage consent (consent.test.ts has the dialog).
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ({ ok: true, status: 200, json: async () => ({ success: true, data: { licences: [], assets: [] } }) })),
    );
    document.body.innerHTML = `<p class="zip"><a href="/api/guideline-block/5/download.zip" data-zip>Download all (ZIP)</a><span class="zip__status" role="status"></span></p>`;
    const started: string[] = [];
    setUpZipButtons(document, (url) => started.push(url));
    const link = document.querySelector<HTMLAnchorElement>('a')!;
    const first = new MouseEvent('click', { cancelable: true });
    link.dispatchEvent(first);
    expect(link.getAttribute('aria-disabled')).toBe('true');
    await vi.waitFor(() => expect(link.textContent).toBe('Preparing the ZIP…'));
    expect(started).toEqual([link.href]);
    expect(document.querySelector('.zip__status')?.textContent).toBe('Your download starts in a moment.');
    const second = new MouseEvent('click', { cancelable: true });
    link.dispatchEvent(second);
    expect(second.defaultPrevented).toBe(true);
    expect(started).toHaveLength(1);
    vi.advanceTimersByTime(4000);
    expect(link.hasAttribute('aria-disabled')).toBe(false);
    expect(link.textContent).toBe('Download all (ZIP)');
  });
});

describe('library search', () => {
  it('searches as you type and puts the server’s list in place', async () => {
    vi.useFakeTimers();
    document.body.innerHTML = `<div class="library" data-library="5"><form><input type="search" name="q"/><button>Search</button></form>
      <div class="library__results" data-library-results><p>all</p></div></div>`;
    const fetchMock = vi.fn(async (_url: string) => ({
      ok: true,
      json: async () => ({
        success: true,
        data: { html: '<div class="library__results" data-library-results><p>one logo</p></div>', count: 1, more: false },
      }),
    }));
    vi.stubGlobal('fetch', fetchMock);
    setUpLibraries(document);
    const input = document.querySelector('input')!;
    input.value = 'lo go';
    input.dispatchEvent(new Event('input'));
    input.value = 'logo';
    input.dispatchEvent(new Event('input'));
    await vi.advanceTimersByTimeAsync(300);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/guideline-block/5/assets?q=logo');
    await vi.waitFor(() => expect(document.querySelector('[data-library-results]')?.textContent).toBe('one logo'));
    // Submitting searches at once, without leaving the page.
    const submit = new Event('submit', { cancelable: true });
    document.querySelector('form')!.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // The list comes in the language of the page's own words.
    document.body.dataset.readerLanguage = 'de';
    document.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
    expect(fetchMock.mock.calls[2]?.[0]).toBe('/api/guideline-block/5/assets?q=logo&language=de');
    delete document.body.dataset.readerLanguage;
  });

  it('announces the count with the plural form of the page’s language', async () => {
    vi.useFakeTimers();
    document.body.innerHTML = `<script type="application/json" id="reader-strings">${JSON.stringify({
      found: { one: '{count} zasób', few: '{count} zasoby', many: '{count} zasobów', other: '{count} zasobu' },
    })}</script><div class="library" data-library="5"><form><input type="search" name="q"/><button>Szukaj</button></form>
      <div class="library__results" data-library-results></div></div>`;
    document.body.dataset.readerLanguage = 'pl';
    const answers = [
      { count: 3, more: false },
      { count: 5, more: false },
      { count: 22, more: true },
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ({
        ok: true,
        json: async () => ({ success: true, data: { html: '<div data-library-results></div>', ...answers.shift() } }),
      })),
    );
    setUpLibraries(document);
    const live = () => document.querySelector('[aria-live]')?.textContent;
    for (const said of ['3 zasoby', '5 zasobów', '22+ zasoby']) {
      document.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
      await vi.advanceTimersByTimeAsync(100);
      expect(live()).toBe(said);
    }
    delete document.body.dataset.readerLanguage;
  });
});
