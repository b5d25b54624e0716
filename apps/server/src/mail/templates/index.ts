import type { MailMessage } from '../mailer.js';
import { en } from './en.js';
import { type MailContent, type MailTemplates, render } from './render.js';

export type { MailTemplates } from './render.js';

const TEMPLATES: Readonly<Record<string, MailTemplates>> = { en };

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
