import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES } from '@emblem/core';
import { describe, expect, it } from 'vitest';
import { localeChunk, localeGroup } from '../locales/groups';
import i18next, { applyLanguage, chooseLanguage, namespaces } from './i18n';

const LOCALES = join(import.meta.dirname, '..', 'locales');

/** Every leaf of a locale file with its dotted key (`library.empty.title`) and its text. */
function leaves(value: unknown, prefix = ''): [string, unknown][] {
  if (typeof value !== 'object' || value === null) return [[prefix, value]];
  return Object.entries(value).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}

const read = (language: string, ns: string) => JSON.parse(readFileSync(join(LOCALES, language, `${ns}.json`), 'utf8'));
const PLURAL = /_(zero|one|two|few|many|other)$/;
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([^},\s]+)[^}]*\}\}/g)].map((m) => m[1]).sort();

/**
 * The keys `language` must have, from the English ones: a plural key (`files_one`, `files_other`) becomes one key per
 * plural category of the language (Polish: one, few, many, other); `_zero` is kept where English has it.
 */
function expectedKeys(language: string, english: string[]): Set<string> {
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  return new Set(
    english.flatMap((key) => (PLURAL.test(key) && !key.endsWith('_zero') ? categories.map((c) => key.replace(PLURAL, `_${c}`)) : [key])),
  );
}

describe('locale files', () => {
  it('exist for every interface language of data-api.md §9, with the same files as English', () => {
    const english = readdirSync(join(LOCALES, 'en')).sort();
    expect(english.length).toBeGreaterThan(20);
    expect(
      readdirSync(LOCALES)
        .filter((f) => !f.includes('.'))
        .sort(),
    ).toEqual([...LANGUAGES].sort());
    for (const language of LANGUAGES) expect(readdirSync(join(LOCALES, language)).sort(), language).toEqual(english);
  });

  it('hold each key in exactly one namespace file', () => {
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    for (const ns of namespaces) {
      for (const [key] of leaves(read('en', ns))) {
        const first = owner.get(key);
        if (first) clashes.push(`${key} (${first}, ${ns})`);
        else owner.set(key, ns);
      }
    }
    expect(clashes).toEqual([]);
    expect(owner.size).toBeGreaterThan(1000);
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s has every key English has, and no other, with its placeholders', (language) => {
    const problems: string[] = [];
    for (const ns of namespaces) {
      const english = new Map(leaves(read('en', ns)));
      const translated = new Map(leaves(read(language, ns)));
      const expected = expectedKeys(language, [...english.keys()]);
      for (const key of expected) if (!translated.has(key)) problems.push(`${ns}: missing ${key}`);
      for (const [key, text] of translated) {
        if (!expected.has(key)) problems.push(`${ns}: ${key} is not an English key`);
        else if (typeof text !== 'string' || text.trim() === '') problems.push(`${ns}: ${key} is empty`);
        const source = english.get(key) ?? english.get(key.replace(PLURAL, '_other'));
        if (typeof source === 'string' && typeof text === 'string') {
          const need = placeholders(source).filter((p) => p !== 'count');
          const have = placeholders(text).filter((p) => p !== 'count');
          if ([...new Set(need)].join() !== [...new Set(have)].join()) problems.push(`${ns}: ${key} has {{${have}}}, English {{${need}}}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('loading and choosing languages', () => {
  it('finds a key of any namespace without naming the namespace, once its group is loaded', async () => {
    await applyLanguage('en', 'public', 'app');
    for (const ns of namespaces) {
      const [key] = leaves(read('en', ns))[0] ?? [];
      expect(i18next.exists(key!), `${ns}: ${key}`).toBe(true);
    }
    expect(i18next.exists('library.no-such-key')).toBe(false);
  });

  it('switches the language at once, loading its strings, and sets <html lang>', async () => {
    await applyLanguage('de');
    expect(i18next.language).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(i18next.t('signIn.submit')).toBe(read('de', 'auth').signIn.submit);
    expect(i18next.t('library.emptyTitle' as never)).not.toBe(i18next.getFixedT('en')('library.emptyTitle' as never));
    await applyLanguage('en');
    expect(i18next.t('signIn.submit')).toBe(read('en', 'auth').signIn.submit);
  });

  it('formats plurals with the language’s categories', async () => {
    await applyLanguage('pl');
    const forms = [1, 2, 5].map((count) => i18next.t('library.assetCount' as never, { count }));
    expect(new Set(forms).size).toBe(3);
    await applyLanguage('en');
  });

  it('puts the sign-in strings in the public group and the rest in the app group, one build file per language', () => {
    expect(['common', 'shell', 'auth'].map(localeGroup)).toEqual(['public', 'public', 'public']);
    expect(localeGroup('library')).toBe('app');
    expect(localeChunk('/x/src/locales/de/library.json')).toBe('locale-de-app');
    expect(localeChunk('/x/src/locales/fr/auth.json')).toBe('locale-fr-public');
    expect(localeChunk('/x/src/features/library/LibraryPage.tsx')).toBeNull();
  });

  it('chooses the user’s language where the account offers it, else the browser’s, else English', () => {
    expect(chooseLanguage({ language: 'de' }, [], ['fr-FR'])).toBe('de');
    expect(chooseLanguage({ language: 'it' }, [], ['fr-FR'])).toBe('fr');
    expect(chooseLanguage({ language: 'it' }, ['I18N_ROLLOUT'], ['fr-FR'])).toBe('it');
    expect(chooseLanguage(null, null, ['ja-JP', 'es-MX', 'en'])).toBe('es');
    expect(chooseLanguage(null, null, ['nb-NO'])).toBe('en');
    expect(chooseLanguage(null, ['I18N_ROLLOUT'], ['nb-NO'])).toBe('no');
    expect(chooseLanguage(undefined, undefined, ['ja'])).toBe('en');
  });
});
