import type { MailMessage } from '../mailer.js';
import { cs } from './cs.js';
import { da } from './da.js';
import { de } from './de.js';
import { en } from './en.js';
import { es } from './es.js';
import { fi } from './fi.js';
import { fr } from './fr.js';
import { it } from './it.js';
import { nl } from './nl.js';
import { no } from './no.js';
import { pl } from './pl.js';
import { pt } from './pt.js';
import { type MailContent, type MailTemplates, render } from './render.js';
import { sv } from './sv.js';

export type { MailTemplates } from './render.js';

/** Every interface language (data-api.md §9) has its messages; templates.test.ts checks that none is missing. */
const TEMPLATES: Readonly<Record<string, MailTemplates>> = { en, de, fr, es, it, pt, nl, da, sv, pl, cs, fi, no };

/** The language a message to someone with `language` is written in. */
export function mailLanguage(language: string | null | undefined): string {
  return language && Object.hasOwn(TEMPLATES, language) ? language : 'en';
}

/** Builds message `kind` for `to` in the recipient's language. */
export function mailMessage<K extends keyof MailTemplates>(
  kind: K,
  to: string,
  language: string | null | undefined,
  params: Parameters<MailTemplates[K]>[0],
): MailMessage {
  const templates = TEMPLATES[mailLanguage(language)] ?? en;
  // One template per kind; TypeScript cannot relate the indexed function to its own parameter type.
  const build = templates[kind] as (p: Parameters<MailTemplates[K]>[0]) => MailContent;
  return render(to, build(params));
}
