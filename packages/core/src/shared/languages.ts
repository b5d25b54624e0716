/** The interface languages: the default ones and those of the i18n rollout. */

export const DEFAULT_LANGUAGES = ['en', 'de', 'fr', 'es'] as const;
export const ROLLOUT_LANGUAGES = ['it', 'pt', 'nl', 'da', 'sv', 'pl', 'cs', 'fi', 'no'] as const;
export const LANGUAGES = [...DEFAULT_LANGUAGES, ...ROLLOUT_LANGUAGES] as const;
export type Language = (typeof LANGUAGES)[number];

/** Norwegian Bokmål and Nynorsk are asked for as nb/nn; the interface's Norwegian is `no`. */
const ALIASES: Readonly<Record<string, Language>> = { nb: 'no', nn: 'no' };

/** The interface language of a language tag (`de-CH` → de, `nb` → no), if there is one among `offered`. */
export function interfaceLanguage(tag: string, offered: readonly Language[] = LANGUAGES): Language | undefined {
  const base = tag.trim().toLowerCase().split('-')[0] ?? '';
  const language = ALIASES[base] ?? base;
  return (offered as readonly string[]).includes(language) ? (language as Language) : undefined;
}
