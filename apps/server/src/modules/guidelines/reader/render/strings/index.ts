import { DEFAULT_LANGUAGES, interfaceLanguage, LANGUAGES, type Language } from '@emblem/core';
import { cs } from './cs.js';
import { da } from './da.js';
import { de } from './de.js';
import { en, type ReaderStrings } from './en.js';
import { es } from './es.js';
import { fi } from './fi.js';
import { fr } from './fr.js';
import { it } from './it.js';
import { nl } from './nl.js';
import { no } from './no.js';
import { pl } from './pl.js';
import { pt } from './pt.js';
import { sv } from './sv.js';

export type { ReaderStrings } from './en.js';

/** The reader's words in every interface language (data-api.md §9); strings.test.ts checks that none is missing. */
export const READER_STRINGS: Readonly<Record<Language, ReaderStrings>> = { en, de, fr, es, it, pt, nl, da, sv, pl, cs, fi, no };

/** The best match of an Accept-Language header among `offered`: by quality, then by order; `q=0` refuses. */
export function browserLanguage(header: string | undefined, offered: readonly Language[]): Language | undefined {
  const ranked = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), quality: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.tag && r.tag !== '*' && r.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const r of ranked) {
    const language = interfaceLanguage(r.tag, offered);
    if (language) return language;
  }
  return undefined;
}

/**
 * The language of the reader's own words: the content's language when the interface has it, except English (every
 * portal's language until someone picks one, so it says nothing about the reader); otherwise the visitor's browser
 * language among the default languages, or among all of them when `rollout()` (the portal's account has
 * I18N_ROLLOUT) says so; otherwise English. `negotiated`: the answer depends on Accept-Language.
 */
export async function readerLanguage(
  content: string,
  acceptLanguage: string | undefined,
  rollout: () => Promise<boolean>,
): Promise<{ language: Language; negotiated: boolean }> {
  const own = interfaceLanguage(content);
  if (own && own !== 'en') return { language: own, negotiated: false };
  const any = browserLanguage(acceptLanguage, LANGUAGES);
  const offered = any && !(DEFAULT_LANGUAGES as readonly string[]).includes(any) && !(await rollout()) ? DEFAULT_LANGUAGES : LANGUAGES;
  return { language: (offered === LANGUAGES ? any : browserLanguage(acceptLanguage, offered)) ?? 'en', negotiated: true };
}
