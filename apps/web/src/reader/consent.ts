import { RICH_TEXT_TAGS } from '@emblem/core/rich-text';
import { announce } from './announce';
import { plural, strings } from './strings';

/**
 * Usage consent before downloads in the reader (decision 0031): a download of an asset whose licence asks for
 * consent (or a block's ZIP holding one) first asks `GET /api/guideline-block/{id}/consent` what it involves; when
 * something does, a modal dialog shows the licences and copyright notices. Accept records the consent
 * (`POST /api/guideline-block/{id}/consent`) and downloads with the token; Decline (or Escape) downloads nothing.
 * Without the script the links still download, and the server refuses them with 409 until consent is given.
 */

/** What a download asks consent for: the 409 "Consent required" body's members, as the check answers them. */
export interface ConsentDetails {
  licences: { id: number; title: string; text: string }[];
  assets: { id: number; title: string; copyright_status: string; copyright_notice: string; licence_ids: number[] }[];
}

/** A download of the reader: an asset through its block, or the block's ZIP (`assetId` null). */
export interface DownloadTarget {
  blockId: number;
  assetId: number | null;
}

const DOWNLOAD_PATH = /^\/api\/guideline-block\/(\d+)\/(?:assets\/(\d+)\/download|download\.zip)$/;

/** The block download an address names (same origin only), or null for any other address. */
export function downloadTarget(href: string): DownloadTarget | null {
  let url: URL;
  try {
    url = new URL(href, window.location.href);
  } catch {
    return null;
  }
  if (url.origin !== window.location.origin) return null;
  const match = DOWNLOAD_PATH.exec(url.pathname);
  if (!match) return null;
  return { blockId: Number(match[1]), assetId: match[2] ? Number(match[2]) : null };
}

/** The download address with the consent token. */
export const withConsent = (href: string, token: string) => `${href}${href.includes('?') ? '&' : '?'}consent=${encodeURIComponent(token)}`;

/** Starts a download the browser handles itself (the answer is an attachment, so the page stays). */
export type StartDownload = (url: string) => void;

const MARK = 'consentChecked';

export const startDownload: StartDownload = (url) => {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.hidden = true;
  link.dataset[MARK] = '';
  document.body.append(link);
  link.click();
  link.remove();
};

const isDetails = (value: unknown): value is ConsentDetails =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as ConsentDetails).licences) &&
  Array.isArray((value as ConsentDetails).assets);

/**
 * Downloads `href` (a block download) after usage consent where it asks for one. Resolves true when the download
 * started, false when the reader declined. When the check does not answer, the download starts as a plain link would.
 */
export async function downloadWithConsent(
  href: string,
  opener: HTMLElement | null,
  start: StartDownload = startDownload,
): Promise<boolean> {
  const target = downloadTarget(href);
  if (!target) {
    start(href);
    return true;
  }
  let details: ConsentDetails | null = null;
  try {
    const query = target.assetId === null ? '' : `?asset_ids=${target.assetId}`;
    const res = await fetch(`/api/guideline-block/${target.blockId}/consent${query}`, { headers: { accept: 'application/json' } });
    const answer = (await res.json()) as { data?: unknown };
    if (res.ok && isDetails(answer.data)) details = answer.data;
  } catch {
    // No answer: the download itself still refuses without consent.
  }
  if (!details || details.assets.length === 0) {
    start(href);
    return true;
  }
  const token = await askConsent(target.blockId, details, target.assetId === null, opener);
  if (!token) {
    announce(strings().consent.declined);
    return false;
  }
  start(withConsent(href, token));
  return true;
}

/** The session's CSRF token for a signed-in reader (reader pages are the same for everyone and carry none). */
async function csrfToken(): Promise<string | null> {
  try {
    const res = await fetch('/api/auth/session', { headers: { accept: 'application/json' } });
    const answer = (await res.json()) as { data?: { csrfToken?: string | null } };
    return answer.data?.csrfToken ?? null;
  } catch {
    return null;
  }
}

type Grant = { token: string } | { details: ConsentDetails } | { error: string };

async function recordConsent(blockId: number, details: ConsentDetails): Promise<Grant> {
  try {
    const csrf = await csrfToken();
    const res = await fetch(`/api/guideline-block/${blockId}/consent`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json', ...(csrf ? { 'x-csrf-token': csrf } : {}) },
      body: JSON.stringify({ asset_ids: details.assets.map((a) => a.id), licence_ids: details.licences.map((l) => l.id) }),
    });
    const answer = (await res.json()) as { data?: { consent_token?: string }; error?: string };
    if (res.ok && answer.data?.consent_token) return { token: answer.data.consent_token };
    // A licence attached meanwhile: a fresh 409 with the terms as they are now.
    if (res.status === 409 && isDetails(answer)) return { details: { licences: answer.licences, assets: answer.assets } };
    const { failed } = strings().consent;
    return { error: answer.error ? `${failed} (${answer.error})` : failed };
  } catch {
    return { error: strings().consent.failed };
  }
}

/* ---------- the dialog ---------- */

let dialogCount = 0;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: (Node | string)[]) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

/** Tags of stored rich text (the server's allow-list) that the dialog keeps; any other element keeps only its text. */
const RICH_TAGS = new Set<string>(RICH_TEXT_TAGS);
const HREF_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);

/**
 * A licence text as nodes. The server stores licence texts sanitised, and this copies them once more, never as
 * markup: parsed inertly (DOMParser runs no script and loads nothing), then rebuilt element by element from the
 * allow-listed tags with no attribute but a link's http(s), mailto or tel address. Images are left out (their
 * alternative text stays): nothing loads from another origin.
 */
export function richTextNodes(html: string): DocumentFragment {
  const out = document.createDocumentFragment();
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  const copy = (from: Node, into: Node) => {
    for (const child of from.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) into.appendChild(document.createTextNode(child.textContent ?? ''));
      else if (child.nodeType === Node.ELEMENT_NODE) {
        const element = child as Element;
        const tag = element.tagName.toLowerCase();
        if (tag === 'img') {
          const alt = element.getAttribute('alt');
          if (alt) into.appendChild(document.createTextNode(alt));
        } else if (tag === 'script' || tag === 'style' || tag === 'template') {
          // Never anything of these.
        } else if (RICH_TAGS.has(tag)) {
          // Headings inside the dialog become bold paragraphs: the dialog's own headings keep the outline.
          const made = document.createElement(/^h[1-6]$/.test(tag) ? 'p' : tag);
          if (/^h[1-6]$/.test(tag)) made.className = 'consent__heading';
          if (tag === 'a') {
            const href = element.getAttribute('href');
            try {
              const url = href ? new URL(href, window.location.href) : null;
              if (url && HREF_SCHEMES.has(url.protocol)) {
                (made as HTMLAnchorElement).href = url.href;
                (made as HTMLAnchorElement).target = '_blank';
                (made as HTMLAnchorElement).rel = 'noopener noreferrer';
              }
            } catch {
              // Not an address: the link's text stays.
            }
          }
          copy(element, made);
          into.appendChild(made);
        } else copy(element, into);
      }
    }
  };
  copy(parsed.body, out);
  return out;
}

function termsOf(details: ConsentDetails, id: string): HTMLElement {
  const text = strings().consent;
  const region = el('div', { className: 'consent__terms', tabIndex: 0 });
  region.setAttribute('role', 'region');
  region.setAttribute('aria-label', text.terms);
  if (details.licences.length > 0) {
    const heading = el('h3', { id: `${id}-licences` }, text.licences);
    const section = el('section', {}, heading);
    section.setAttribute('aria-labelledby', heading.id);
    for (const licence of details.licences) {
      const title = el('h4', {}, licence.title);
      const text = el('div', { className: 'consent__text' }, richTextNodes(licence.text));
      const article = el('article', { className: 'consent__licence' }, title, text);
      article.setAttribute('aria-label', licence.title);
      section.append(article);
    }
    region.append(section);
  }
  const heading = el('h3', { id: `${id}-notices` }, text.notices);
  const list = el('ul', { className: 'consent__notices' });
  for (const asset of details.assets) {
    list.append(el('li', {}, el('strong', {}, asset.title), `: ${asset.copyright_notice || text.noNotice}`));
  }
  const notices = el('section', {}, heading, list);
  notices.setAttribute('aria-labelledby', heading.id);
  region.append(notices);
  return region;
}

/**
 * Shows the terms in a modal dialog; resolves the consent token once the reader accepted and the server recorded
 * it, or null when they declined. Focus goes to the terms and returns to `opener` when the dialog closes.
 */
export function askConsent(blockId: number, first: ConsentDetails, zip: boolean, opener: HTMLElement | null): Promise<string | null> {
  const text = strings().consent;
  const zipIntro = (count: number) => plural(text.introZip, count);
  const id = `consent-${++dialogCount}`;
  let details = first;
  const many = zip || details.assets.length > 1;
  const dialog = el('dialog', { className: `consent${many ? ' consent--many' : ''}`, id });
  dialog.setAttribute('aria-labelledby', `${id}-title`);
  dialog.setAttribute('aria-describedby', `${id}-intro`);
  const title = el('h2', { id: `${id}-title`, className: 'consent__title' }, text.title);
  const intro = el('p', { id: `${id}-intro` }, zip ? zipIntro(details.assets.length) : text.introOne);
  let terms = termsOf(details, id);
  const error = el('p', { className: 'consent__error' });
  error.setAttribute('role', 'alert');
  const decline = el('button', { type: 'button', className: 'button button--secondary' }, text.decline);
  const accept = el('button', { type: 'button', className: 'button' }, text.accept);
  dialog.append(title, intro, terms, error, el('div', { className: 'consent__actions' }, decline, accept));
  document.body.append(dialog);

  return new Promise((resolve) => {
    let busy = false;
    let done = false;
    const finish = (token: string | null) => {
      if (done) return;
      done = true;
      if (dialog.open) dialog.close();
      dialog.remove();
      if (opener?.isConnected) opener.focus();
      resolve(token);
    };
    // Escape is Decline (unless the acceptance is being recorded).
    dialog.addEventListener('cancel', (event) => {
      event.preventDefault();
      if (!busy) finish(null);
    });
    // Closed by the browser without a cancel event we could keep (Chrome closes on a repeated Escape): declined,
    // unless the acceptance is being recorded: then the dialog shows again and waits for the server's answer (a
    // recorded consent downloads; a refusal is said in the dialog).
    dialog.addEventListener('close', () => {
      if (done) return;
      if (!busy) {
        finish(null);
        return;
      }
      dialog.showModal();
      accept.focus();
    });
    decline.addEventListener('click', () => {
      if (!busy) finish(null);
    });
    // While the acceptance is being recorded the buttons say they are unavailable (aria-disabled, with the busy
    // guard) rather than being disabled: a disabled button would lose the focus it has.
    const setBusy = (value: boolean) => {
      busy = value;
      for (const b of [accept, decline]) {
        if (value) b.setAttribute('aria-disabled', 'true');
        else b.removeAttribute('aria-disabled');
      }
      accept.textContent = value ? text.accepting : text.accept;
    };
    accept.addEventListener('click', async () => {
      if (busy) return;
      setBusy(true);
      error.textContent = '';
      const grant = await recordConsent(blockId, details);
      setBusy(false);
      if ('token' in grant) finish(grant.token);
      else if ('details' in grant) {
        details = grant.details;
        const fresh = termsOf(details, id);
        terms.replaceWith(fresh);
        terms = fresh;
        // The terms as they are now: the ZIP's count with them.
        if (zip) intro.textContent = zipIntro(details.assets.length);
        dialog.classList.toggle('consent--many', zip || details.assets.length > 1);
        error.textContent = text.changed;
        fresh.focus();
      } else {
        error.textContent = grant.error;
        // Accept again is the way on: focus stays there (or comes back, should it have been lost).
        if (!dialog.contains(document.activeElement)) accept.focus();
      }
    });
    dialog.showModal();
    terms.focus();
  });
}

/**
 * Download links of blocks (downloads, image and library blocks, also lists a library search puts in place) go
 * through the consent check: one listener for the whole page. The ZIP buttons have their own (zip.ts).
 */
export function setUpConsentDownloads(root: Document | HTMLElement, start: StartDownload = startDownload): void {
  root.addEventListener('click', (event) => {
    // Modified clicks too: a new tab would only show the server's refusal.
    if (event.defaultPrevented || !(event instanceof MouseEvent) || event.button !== 0) return;
    const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[href][download]');
    if (!link || link.dataset[MARK] !== undefined || link.hasAttribute('data-zip')) return;
    const target = downloadTarget(link.getAttribute('href') ?? '');
    if (!target || target.assetId === null) return;
    event.preventDefault();
    if (link.getAttribute('aria-busy') === 'true') return;
    link.setAttribute('aria-busy', 'true');
    void downloadWithConsent(link.href, link, start).finally(() => link.removeAttribute('aria-busy'));
  });
}
