import { DEFAULT_LANGUAGES, LANGUAGES, type Language } from '@emblem/core';

/** Each language named in itself ("Deutsch", "Français"), so people find their own. */
export function languageName(code: string): string {
  try {
    const name = new Intl.DisplayNames([code], { type: 'language' }).of(code);
    return name ? name.charAt(0).toLocaleUpperCase(code) + name.slice(1) : code;
  } catch {
    return code;
  }
}

/** The languages on offer: the default ones, and the rollout ones where the account has I18N_ROLLOUT (data-api.md §9). */
export function offeredLanguages(featureFlags: readonly string[]): readonly Language[] {
  return featureFlags.includes('I18N_ROLLOUT') ? LANGUAGES : DEFAULT_LANGUAGES;
}
