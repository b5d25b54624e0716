/**
 * The two groups the interface strings load in (decision 0055): `public` holds what the sign-in pages show (and the
 * shell around them); `app` holds the rest, which the signed-in routes and the share and submission pages wait for.
 * The build puts each language's group in one file (vite.config.ts, `locale-<language>-<group>`).
 */
export type LocaleGroup = 'public' | 'app';

const PUBLIC_NAMESPACES = new Set(['common', 'shell', 'auth', 'page-builders']);

export function localeGroup(namespace: string): LocaleGroup {
  return PUBLIC_NAMESPACES.has(namespace) ? 'public' : 'app';
}

/** The build's chunk for a locale file (`…/locales/de/library.json` → `locale-de-app`), or null for other modules. */
export function localeChunk(moduleId: string): string | null {
  const match = /[\\/]locales[\\/]([a-z]{2})[\\/]([\w-]+)\.json$/.exec(moduleId);
  return match ? `locale-${match[1]}-${localeGroup(match[2] ?? '')}` : null;
}
