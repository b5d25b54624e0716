import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The reader's own script and stylesheet: a second entry of the web build (apps/web/src/reader/main.ts), whose
 * hashed file names Vite writes into its manifest. Read once per directory; without a built web app (API-only
 * tests) the pages have neither and still read completely.
 */
export const READER_ENTRY = 'src/reader/main.ts';

export interface ReaderClientAssets {
  /** `/assets/reader-….js`, loaded as a module (deferred: never blocks the first paint). */
  script: string | null;
  /** Chunks the script imports, preloaded. */
  preload: string[];
  /**
   * The stylesheet's text, inlined in each page's head: a few KiB (gzip) that would otherwise cost a render-blocking
   * round trip before the first paint.
   */
  css: string;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

const NONE: ReaderClientAssets = { script: null, preload: [], css: '' };
const cache = new Map<string, ReaderClientAssets>();

export function readerClientAssets(distDir: string | undefined): ReaderClientAssets {
  if (!distDir) return NONE;
  const hit = cache.get(distDir);
  if (hit) return hit;
  const file = join(distDir, '.vite', 'manifest.json');
  let assets = NONE;
  if (existsSync(file)) {
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
    const entry = manifest[READER_ENTRY];
    if (entry) {
      const css = new Set(entry.css ?? []);
      const preload: string[] = [];
      const visit = (key: string, seen: Set<string>) => {
        const chunk = manifest[key];
        if (!chunk || seen.has(key)) return;
        seen.add(key);
        preload.push(`/${chunk.file}`);
        for (const c of chunk.css ?? []) css.add(c);
        for (const i of chunk.imports ?? []) visit(i, seen);
      };
      const seen = new Set<string>([READER_ENTRY]);
      for (const i of entry.imports ?? []) visit(i, seen);
      const text = [...css].map((c) => readFileSync(join(distDir, c), 'utf8')).join('\n');
      // Our own build's CSS; it must not close the <style> element it goes into.
      if (/<\/style/i.test(text)) throw new Error('The reader stylesheet contains </style');
      assets = { script: `/${entry.file}`, preload, css: text };
    }
  }
  cache.set(distDir, assets);
  return assets;
}
