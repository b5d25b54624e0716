/** Cookie-consent storage: the visitor's choice, kept in the browser. */

export const CONSENT_COOKIE = 'emblem_cookie_consent';
export const CONSENT_MAX_AGE_DAYS = 90;
/** Browser storage keys of the statistics tool; cleared when statistics are off. */
export const STATISTICS_STORAGE_PREFIX = 'AMP_';

export interface CookieConsentChoice {
  preferences: boolean;
  statistics: boolean;
}

export function readConsent(): CookieConsentChoice | null {
  const entry = document.cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${CONSENT_COOKIE}=`));
  if (!entry) return null;
  try {
    const value: unknown = JSON.parse(decodeURIComponent(entry.slice(CONSENT_COOKIE.length + 1)));
    if (typeof value !== 'object' || value === null) return null;
    const { preferences, statistics } = value as Record<string, unknown>;
    if (typeof preferences !== 'boolean' || typeof statistics !== 'boolean') return null;
    return { preferences, statistics };
  } catch {
    return null;
  }
}

export function writeConsent(choice: CookieConsentChoice): void {
  const maxAge = CONSENT_MAX_AGE_DAYS * 24 * 60 * 60;
  const expires = new Date(Date.now() + maxAge * 1000).toUTCString();
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const value = encodeURIComponent(JSON.stringify({ preferences: choice.preferences, statistics: choice.statistics }));
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not available in every supported browser.
  document.cookie = `${CONSENT_COOKIE}=${value}; Max-Age=${maxAge}; Expires=${expires}; Path=/; SameSite=Lax${secure}`;
}

/** Stops the statistics tool by removing what it keeps in the browser. */
export function clearStatisticsStorage(): void {
  for (const storage of [window.localStorage, window.sessionStorage]) {
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith(STATISTICS_STORAGE_PREFIX)) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  }
}

/** The dialog never shows on the publisher's canvas render pages. */
export function isConsentExcludedPath(pathname: string): boolean {
  return pathname.startsWith('/publishing/canvas/');
}
