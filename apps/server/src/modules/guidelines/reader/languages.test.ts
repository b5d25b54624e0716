import type { FeatureFlag } from '@emblem/core';
import { describe, expect, it } from 'vitest';
import { forEachBackend } from '../../../test/harness.js';
import { scriptJson } from './render/pages.js';
import { READER_STRINGS } from './render/strings/index.js';
import { kit, readerGet } from './test-kit.js';

/**
 * The reader's own words in the reader's language (render/strings/index.ts): the portal's content language when the
 * interface has it (English aside), else the visitor's browser language (the rollout ones need the account's
 * I18N_ROLLOUT flag), else English; `<html lang>` stays the content's.
 */
forEachBackend('guideline reader languages', (env) => {
  const k = kit(env);

  /** A public portal in `languages` with a published page holding a library block (Search, Download, empty text). */
  async function portalIn(languages: string[], flags: FeatureFlag[] = []) {
    const { owner } = await env().factories.account({ flags });
    const admin = await env().signIn(owner);
    const library = await env().factories.project(owner.actor, { name: 'Brand assets' });
    const portal = await k.portal(admin, library.brandId, { title: 'Acme brand', visibility: 'PUBLIC' });
    const set = await admin.patch(`/portal/${portal.id}`, { i18n_settings: { languages } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const doc = await k.document(portal.id, { title: 'Brand book' });
    const page = await k.page(doc.id, { title: 'Logo' });
    await k.block(await k.section(page), 'library', { project_id: library.id });
    return { portal, path: `/document/${doc.id}/${page}` };
  }

  const get = (path: string, acceptLanguage?: string) =>
    readerGet(env().anon(), path, acceptLanguage ? { 'accept-language': acceptLanguage } : {});

  /** The words the page gives its script (`<script type="application/json" id="reader-strings">`), parsed. */
  const scriptWords = (html: string) => {
    const json = /<script type="application\/json" id="reader-strings">([^<]*)<\/script>/.exec(html)?.[1];
    expect(json, 'the page carries the script’s words').toBeDefined();
    return JSON.parse(json!) as unknown;
  };

  it('shows a German portal with German words, whatever the browser asks for', async () => {
    const { portal, path } = await portalIn(['de', 'en']);
    for (const res of [await get(path), await get(path, 'fr-FR,fr;q=0.9'), await get(`/hub/${portal.id}`)]) {
      expect(res.status).toBe(200);
      expect(res.html).toContain('<html lang="de"');
      expect(res.html).toContain('Zum Inhalt springen');
      expect(res.html).toContain('Markenrichtlinien, veröffentlicht mit Emblem');
      expect(res.html).not.toContain('Skip to content');
      expect(res.headers.get('vary')).not.toContain('accept-language');
    }
    const page = await get(path);
    expect(page.html).toContain('Diese Bibliothek ist leer.');
    expect(page.html).toContain('>Suchen</button>');
    // The page tells its script the language of its words, for searches as you type.
    expect(page.html).toContain('data-reader-language="de"');
    // The script's own words come with the page, in its language.
    expect(scriptWords(page.html)).toEqual(READER_STRINGS.de.script);
    expect(READER_STRINGS.de.script.copied).toBe('Kopiert');
  });

  it('shows an English portal in the browser language, and says the answer varies with it', async () => {
    const { path } = await portalIn(['en']);
    const french = await get(path, 'fr-FR,fr;q=0.9');
    expect(french.status).toBe(200);
    expect(french.html).toContain('<html lang="en"');
    expect(french.html).toContain('Aller au contenu');
    expect(french.html).toContain('Cette bibliothèque est vide.');
    expect(french.html).not.toContain('Skip to content');
    expect(french.headers.get('vary')).toContain('accept-language');
    // The cached English page is not served to the French reader, nor the French one to an English reader.
    const english = await get(path, 'en-GB');
    expect(english.html).toContain('Skip to content');
    expect(english.headers.get('etag')).not.toBe(french.headers.get('etag'));
    expect(scriptWords(french.html)).toMatchObject({ copied: 'Copié', consent: { title: 'Conditions d’utilisation' } });
    expect(scriptWords(english.html)).toMatchObject({ copied: 'Copied', consent: { title: 'Terms of use' } });
    expect((await get(path, 'fr')).html).toContain('Aller au contenu');
    // By quality, not by order; q=0 refuses.
    expect((await get(path, 'ja, de;q=0.5, es;q=0.8')).html).toContain('Saltar al contenido');
    expect((await get(path, 'de;q=0, es;q=0.1')).html).toContain('Saltar al contenido');
  });

  it('falls back to English for a language the interface does not have', async () => {
    const { portal, path } = await portalIn(['ja']);
    for (const res of [await get(path, 'ja-JP,ja;q=0.9'), await get(path), await get(`/hub/${portal.id}/ja`, 'ja')]) {
      expect(res.status).toBe(200);
      expect(res.html).toContain('<html lang="ja"');
      expect(res.html).toContain('Skip to content');
      expect(res.html).toContain('data-reader-language="en"');
    }
  });

  it('offers the rollout languages to browsers only where the account has I18N_ROLLOUT', async () => {
    const plain = await portalIn(['en']);
    const italian = 'it-IT,it;q=0.9,de;q=0.5';
    // Without the flag an Italian browser gets its next default language.
    expect((await get(plain.path, italian)).html).toContain('Zum Inhalt springen');
    expect((await get(plain.path, 'it')).html).toContain('Skip to content');
    const rollout = await portalIn(['en'], ['I18N_ROLLOUT']);
    expect((await get(rollout.path, italian)).html).toContain('Vai al contenuto');
    // A portal in a rollout language shows its words to everyone.
    const polish = await portalIn(['pl']);
    expect((await get(polish.path)).html).toContain('Przejdź do treści');
    // Norwegian browsers ask for nb.
    expect((await get(rollout.path, 'nb-NO')).html).toContain('Gå til innholdet');
  });

  it('answers the library search in the language the page asked for', async () => {
    const { path } = await portalIn(['en']);
    const page = await get(path, 'es');
    const blockId = /data-library="(\d+)"/.exec(page.html)?.[1];
    expect(blockId).toBeTruthy();
    const search = await fetch(`${env().anon().base}/api/guideline-block/${blockId}/assets?q=nothing&language=es`);
    expect(search.status).toBe(200);
    expect(((await search.json()) as { data: { html: string } }).data.html).toContain('Ningún recurso coincide con esta búsqueda.');
    const browser = await fetch(`${env().anon().base}/api/guideline-block/${blockId}/assets?q=nothing`, {
      headers: { 'accept-language': 'de' },
    });
    expect(((await browser.json()) as { data: { html: string } }).data.html).toContain('Keine Assets entsprechen dieser Suche.');
    expect(browser.headers.get('vary')).toContain('accept-language');
  });
});

describe('reader strings', () => {
  /** Every leaf of a language's strings, functions called with sample arguments, by path. */
  function leaves(value: unknown, path = ''): [string, unknown][] {
    if (typeof value === 'function') return [[path, (value as (...a: unknown[]) => unknown)('Ocean', 'Logo')]];
    if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => leaves(v, path ? `${path}.${k}` : k));
    return [[path, value]];
  }
  const english = leaves(READER_STRINGS.en).map(([p]) => p);

  it.each(Object.keys(READER_STRINGS))('%s has every key of English, none empty', (language) => {
    const strings = leaves(READER_STRINGS[language as keyof typeof READER_STRINGS]);
    expect(strings.map(([p]) => p)).toEqual(english);
    for (const [path, text] of strings) {
      expect(typeof text, path).toBe('string');
      expect((text as string).trim(), `${language} ${path}`).not.toBe('');
    }
  });

  it('puts the arguments into every function', () => {
    for (const [language, strings] of Object.entries(READER_STRINGS)) {
      expect(strings.pagesOf('Brand book'), language).toContain('Brand book');
      expect(strings.copyValue('HEX', 'Ocean'), language).toMatch(/HEX[\s\S]*Ocean|Ocean[\s\S]*HEX/);
      expect(strings.downloadNamed('Logo'), language).toContain('Logo');
      expect(strings.searchLibrary('Icons'), language).toContain('Icons');
      expect(strings.moreAssets(48), language).toContain('48');
      expect(strings.tab(3), language).toContain('3');
    }
  });

  it('gives the script’s texts their placeholders in every language', () => {
    for (const [language, { script }] of Object.entries(READER_STRINGS)) {
      expect(script.copiedValue, language).toContain('{value}');
      for (const form of ['few', 'many', 'other'] as const) {
        expect(script.found[form], `${language} found.${form}`).toContain('{count}');
        expect(script.consent.introZip[form], `${language} introZip.${form}`).toContain('{count}');
      }
      expect(script.found.one, language).toContain('{count}');
    }
  });

  it('writes JSON that no text can end the script element with', () => {
    const json = scriptJson({ a: '</script><!-- & \u2028' });
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual({ a: '</script><!-- & \u2028' });
  });
});
