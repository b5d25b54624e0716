import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { READER_SCRIPT_EN } from '@emblem/core/reader-script';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ConsentDetails, downloadTarget, richTextNodes, setUpConsentDownloads } from './consent';
import { fill } from './strings';
import { setUpZipButtons } from './zip';

/** Usage consent in the public reader's script, on markup shaped like what the server renders. */

/** A page without its strings (reader.test.ts has one with them): the English texts. */
const TEXT = READER_SCRIPT_EN.consent;

beforeAll(() => {
  // jsdom has <dialog> but not its modal methods: these do what browsers do (open, close, the close event).
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
});

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

/** The reader's stylesheet (jsdom applies none): read for what it promises. */
const READER_CSS = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'reader.css'), 'utf8');

const LICENCE_TEXT =
  '<p>Only <strong>editorial</strong> use. <a href="https://acme.example/terms">Terms</a> <a href="javascript:alert(1)">x</a></p>' +
  '<img src="https://tracker.example/x.png" alt="seal"><h2>Credits</h2><p style="color:red" onclick="alert(1)">Name us</p>';

const details = (assetIds: number[]): ConsentDetails => ({
  licences: [{ id: 7, title: 'Editorial use', text: LICENCE_TEXT }],
  assets: assetIds.map((id) => ({
    id,
    title: `Logo ${id}`,
    copyright_status: 'COPYRIGHTED',
    copyright_notice: id === 11 ? '© Acme' : '',
    licence_ids: [7],
  })),
});

type Call = { url: string; init?: RequestInit };

/**
 * A server: the check answers `check`, the session has `csrf`, the acceptance answers `accept` (status, body; after
 * `wait` when given).
 */
function server(check: ConsentDetails, accept: { status: number; body: unknown; wait?: Promise<void> }[] = [], csrf: string | null = null) {
  const calls: Call[] = [];
  const json = (status: number, body: unknown) => ({ ok: status < 300, status, json: async () => body });
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    if (url === '/api/auth/session') return json(200, { success: true, data: { user: null, csrfToken: csrf, account: null } });
    if (init?.method === 'POST') {
      const next = accept.shift() ?? { status: 500, body: { success: false, error: 'Server error' } };
      await next.wait;
      return json(next.status, next.body);
    }
    return json(200, { success: true, data: check });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const page = () => {
  document.body.innerHTML = `<div class="downloads" id="page">
      <a class="button button--small" href="/api/guideline-block/5/assets/11/download" download aria-label="Download Logo 11">Download</a>
      <a class="button button--small" href="/api/guideline-block/5/assets/12/download" download aria-label="Download Free">Download</a>
      <p class="zip"><a class="button" href="/api/guideline-block/5/download.zip" download data-zip>Download all (ZIP)</a><span class="zip__status" role="status"></span></p>
    </div>`;
  const started: string[] = [];
  const start = (url: string) => started.push(url);
  // On the block, not the document: each test's page has its own listener.
  setUpConsentDownloads(document.getElementById('page')!, start);
  setUpZipButtons(document, start);
  return { started, link: (i: number) => document.querySelectorAll<HTMLAnchorElement>('a[download]')[i]! };
};

const dialog = () => document.querySelector('dialog');
const button = (name: string) => [...(dialog()?.querySelectorAll('button') ?? [])].find((b) => b.textContent === name)!;

describe('usage consent in the reader', () => {
  it('names block downloads and ZIPs of this site only', () => {
    expect(downloadTarget('/api/guideline-block/5/assets/11/download')).toEqual({ blockId: 5, assetId: 11 });
    expect(downloadTarget('/api/guideline-block/5/download.zip')).toEqual({ blockId: 5, assetId: null });
    expect(downloadTarget('/api/asset/5/download')).toBeNull();
    expect(downloadTarget('https://elsewhere.example/api/guideline-block/5/download.zip')).toBeNull();
  });

  it('downloads at once when nothing asks for consent, after checking', async () => {
    const calls = server({ licences: [], assets: [] });
    const { started, link } = page();
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    link(1).dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(started).toEqual([link(1).href]));
    expect(calls.map((c) => c.url)).toEqual(['/api/guideline-block/5/consent?asset_ids=12']);
    expect(dialog()).toBeNull();
  });

  it('shows the terms in a labelled modal dialog; Decline (or Escape) downloads nothing', async () => {
    const calls = server(details([11]));
    const { started, link } = page();
    link(0).click();
    await vi.waitFor(() => expect(dialog()?.open).toBe(true));
    const d = dialog()!;
    expect(d.classList.contains('consent--many')).toBe(false);
    expect(document.getElementById(d.getAttribute('aria-labelledby')!)?.textContent).toBe(TEXT.title);
    expect(document.getElementById(d.getAttribute('aria-describedby')!)?.textContent).toBe(TEXT.introOne);
    expect(d.querySelector('article[aria-label="Editorial use"] h4')?.textContent).toBe('Editorial use');
    expect(d.querySelector('.consent__notices')?.textContent).toBe('Logo 11: © Acme');
    // Focus is in the dialog, on the terms (a labelled, scrollable region).
    expect(document.activeElement?.getAttribute('aria-label')).toBe(TEXT.terms);
    button(TEXT.decline).click();
    expect(dialog()).toBeNull();
    expect(started).toEqual([]);
    expect(document.activeElement).toBe(link(0));
    expect(calls.filter((c) => c.init?.method === 'POST')).toEqual([]);

    await vi.waitFor(() => expect(link(0).hasAttribute('aria-busy')).toBe(false));
    link(0).click();
    await vi.waitFor(() => expect(dialog()?.open).toBe(true));
    dialog()!.dispatchEvent(new Event('cancel', { cancelable: true }));
    expect(dialog()).toBeNull();
    expect(started).toEqual([]);

    // A browser that closes the dialog itself (Chrome on a repeated Escape): declined too, the link is free again.
    await vi.waitFor(() => expect(link(0).hasAttribute('aria-busy')).toBe(false));
    link(0).click();
    await vi.waitFor(() => expect(dialog()?.open).toBe(true));
    dialog()!.close();
    expect(dialog()).toBeNull();
    await vi.waitFor(() => expect(link(0).hasAttribute('aria-busy')).toBe(false));
    expect(started).toEqual([]);
  });

  it('records the consent on Accept, then downloads with the token', async () => {
    const calls = server(
      details([11]),
      [{ status: 201, body: { success: true, data: { consent_token: 'abc.def', recorded: 1 } } }],
      'csrf-1',
    );
    const { started, link } = page();
    link(0).click();
    await vi.waitFor(() => expect(dialog()?.open).toBe(true));
    button(TEXT.accept).click();
    await vi.waitFor(() => expect(started).toEqual([`${link(0).href}?consent=abc.def`]));
    expect(dialog()).toBeNull();
    const post = calls.find((c) => c.init?.method === 'POST')!;
    expect(post.url).toBe('/api/guideline-block/5/consent');
    expect(JSON.parse(String(post.init?.body))).toEqual({ asset_ids: [11], licence_ids: [7] });
    // A signed-in reader's session token goes along (reader pages carry none).
    expect(new Headers(post.init?.headers).get('x-csrf-token')).toBe('csrf-1');
  });

  it('shows fresh terms when a licence was attached meanwhile, and the server’s refusal when it fails', async () => {
    const fresh = details([11]);
    fresh.licences.push({ id: 8, title: 'Attribution', text: '<p>Name the author</p>' });
    server(details([11]), [
      { status: 409, body: { success: false, error: 'Consent required', errors: {}, ...fresh } },
      { status: 404, body: { success: false, error: 'Not found' } },
    ]);
    const { started, link } = page();
    link(0).click();
    await vi.waitFor(() => expect(dialog()?.open).toBe(true));
    button(TEXT.accept).click();
    await vi.waitFor(() => expect(dialog()?.querySelector('[role="alert"]')?.textContent).toBe(TEXT.changed));
    expect([...dialog()!.querySelectorAll('h4')].map((h) => h.textContent)).toEqual(['Editorial use', 'Attribution']);
    button(TEXT.accept).click();
    await vi.waitFor(() => expect(dialog()?.querySelector('[role="alert"]')?.textContent).toBe(`${TEXT.failed} (Not found)`));
    expect(started).toEqual([]);
    expect(button(TEXT.accept).disabled).toBe(false);
  });

  it('asks once for a ZIP, listing every asset that needs consent, 800 px wide', async () => {
    const calls = server(details([11, 13]), [{ status: 201, body: { success: true, data: { consent_token: 'zip.token' } } }]);
    const { started, link } = page();
    const zip = link(2);
    zip.click();
    await vi.waitFor(() => expect(dialog()?.open).toBe(true));
    expect(calls[0]?.url).toBe('/api/guideline-block/5/consent');
    expect(dialog()?.classList.contains('consent--many')).toBe(true);
    expect(dialog()?.querySelector('p')?.textContent).toBe(fill(TEXT.introZip.other, { count: 2 }));
    expect([...dialog()!.querySelectorAll('.consent__notices li')].map((li) => li.textContent)).toEqual([
      'Logo 11: © Acme',
      `Logo 13: ${TEXT.noNotice}`,
    ]);
    // A second press while the dialog is open does nothing.
    expect(zip.getAttribute('aria-disabled')).toBe('true');
    button(TEXT.accept).click();
    await vi.waitFor(() => expect(started).toEqual([`${zip.href}?consent=zip.token`]));
    const post = calls.find((c) => c.init?.method === 'POST')!;
    expect(JSON.parse(String(post.init?.body))).toEqual({ asset_ids: [11, 13], licence_ids: [7] });
    expect(zip.textContent).toBe('Preparing the ZIP…');
  });

  it('frees the ZIP button when the reader declines', async () => {
    server(details([11]));
    const { started, link } = page();
    const zip = link(2);
    zip.click();
    await vi.waitFor(() => expect(dialog()?.open).toBe(true));
    button(TEXT.decline).click();
    await vi.waitFor(() => expect(zip.hasAttribute('aria-disabled')).toBe(false));
    expect(zip.textContent).toBe('Download all (ZIP)');
    expect(document.querySelector('.zip__status')?.textContent).toBe('');
    expect(started).toEqual([]);
  });

  it('copies licence text as nodes: allow-listed tags, safe links only, no images, styles or handlers', () => {
    const holder = document.createElement('div');
    holder.append(richTextNodes(LICENCE_TEXT));
    expect(holder.innerHTML).toBe(
      '<p>Only <strong>editorial</strong> use. <a href="https://acme.example/terms" target="_blank" rel="noopener noreferrer">Terms</a> <a>x</a></p>' +
        'seal<p class="consent__heading">Credits</p><p>Name us</p>',
    );
    const scripted = document.createElement('div');
    scripted.append(richTextNodes('<p>a<script>alert(1)</script><svg><g onload="x">b</g></svg></p>'));
    expect(scripted.innerHTML).toBe('<p>ab</p>');
  });

  it('keeps focus on Accept while the consent is recorded (aria-disabled, not disabled) and after a refusal', async () => {
    let release = () => {};
    const wait = new Promise<void>((r) => {
      release = r;
    });
    const calls = server(details([11]), [{ status: 500, body: { success: false, error: 'Server error' }, wait }]);
    const { started, link } = page();
    link(0).click();
    await vi.waitFor(() => expect(dialog()?.open).toBe(true));
    const accept = button(TEXT.accept);
    const decline = button(TEXT.decline);
    accept.focus();
    accept.click();
    await vi.waitFor(() => expect(accept.textContent).toBe(TEXT.accepting));
    expect(accept.disabled).toBe(false);
    expect(accept.getAttribute('aria-disabled')).toBe('true');
    expect(decline.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(accept);
    // Meanwhile presses do nothing: no second request, no decline.
    accept.click();
    decline.click();
    expect(dialog()?.open).toBe(true);
    release();
    await vi.waitFor(() => expect(dialog()?.querySelector('[role="alert"]')?.textContent).toBe(`${TEXT.failed} (Server error)`));
    expect(document.activeElement).toBe(accept);
    expect(accept.textContent).toBe(TEXT.accept);
    expect(accept.hasAttribute('aria-disabled')).toBe(false);
    expect(decline.hasAttribute('aria-disabled')).toBe(false);
    expect(calls.filter((c) => c.init?.method === 'POST')).toHaveLength(1);
    expect(started).toEqual([]);
  });

  it('a close by the browser while the consent is recorded is no decline: the dialog stays and the download starts', async () => {
    let release = () => {};
    const wait = new Promise<void>((r) => {
      release = r;
    });
    server(details([11]), [{ status: 201, body: { success: true, data: { consent_token: 'late.token' } }, wait }]);
    const { started, link } = page();
    link(0).click();
    await vi.waitFor(() => expect(dialog()?.open).toBe(true));
    button(TEXT.accept).click();
    await vi.waitFor(() => expect(button(TEXT.accepting)).toBeTruthy());
    dialog()!.close();
    expect(dialog()?.open).toBe(true);
    expect(document.activeElement).toBe(button(TEXT.accepting));
    release();
    await vi.waitFor(() => expect(started).toEqual([`${link(0).href}?consent=late.token`]));
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(link(0));
  });

  it('a ZIP’s intro counts the assets of fresh terms', async () => {
    server(details([11]), [{ status: 409, body: { success: false, error: 'Consent required', errors: {}, ...details([11, 13, 14]) } }]);
    const { link } = page();
    link(2).click();
    await vi.waitFor(() => expect(dialog()?.open).toBe(true));
    const intro = () => document.getElementById(dialog()!.getAttribute('aria-describedby')!)?.textContent;
    expect(intro()).toBe(TEXT.introZip.one);
    button(TEXT.accept).click();
    await vi.waitFor(() => expect(dialog()?.querySelector('[role="alert"]')?.textContent).toBe(TEXT.changed));
    expect(intro()).toBe(fill(TEXT.introZip.other, { count: 3 }));
    expect(dialog()?.querySelectorAll('.consent__notices li')).toHaveLength(3);
  });

  it('the empty error alert stays rendered (in the accessibility tree), only visually empty', () => {
    const rules = [...READER_CSS.matchAll(/(?:^|\n)([^{}\n]*\.consent__error[^{}]*)\{([^}]*)\}/g)].map((m) => ({
      selector: m[1]!.trim(),
      body: m[2]!,
    }));
    expect(rules.map((r) => r.selector)).toContain('.consent__error:empty');
    for (const { body } of rules) {
      expect(body).not.toMatch(/display:\s*none/);
      expect(body).not.toMatch(/visibility:\s*hidden/);
    }
  });
});
