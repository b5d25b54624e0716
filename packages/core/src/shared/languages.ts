/** The interface languages: the default ones and those of the i18n rollout. */

export const DEFAULT_LANGUAGES = ['en', 'de', 'fr', 'es'] as const;
export const ROLLOUT_LANGUAGES = ['it', 'pt', 'nl', 'da', 'sv', 'pl', 'cs', 'fi', 'no'] as const;
export const LANGUAGES = [...DEFAULT_LANGUAGES, ...ROLLOUT_LANGUAGES] as const;
export type Language = (typeof LANGUAGES)[number];
