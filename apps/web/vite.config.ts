import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { localeChunk } from './src/locales/groups.js';

/** A library family (npm package names) that shares one chunk. */
function family(name: string, packages: string[]): (id: string) => string | null {
  const test = new RegExp(`node_modules[\\\\/](${packages.map((p) => p.replace('/', '[\\\\/]')).join('|')})[\\\\/]`);
  return (id) => (test.test(id) ? name : null);
}

/**
 * The shared chunks: each rule names the chunk of a module it recognises, or answers null; an earlier rule wins (its
 * chunk also takes the modules it imports). One line per chunk; a rule may compute the name from the module id.
 */
const chunkRules: ((id: string) => string | null)[] = [
  // The interface strings: one file per language and group (locales/groups.ts), loaded on demand.
  localeChunk,
  family('react', ['react', 'react-dom', 'scheduler', 'react-router', 'cookie', 'set-cookie-parser']),
  family('tanstack', ['@tanstack/react-query', '@tanstack/query-core']),
  family('i18next', ['i18next', 'react-i18next', 'html-parse-stringify', 'void-elements']),
  // The rich-text editor: only the screens that edit rich text load it.
  family('editor', ['@tiptap', 'prosemirror-[a-z-]+', 'linkifyjs', 'orderedmap', 'rope-sequence', 'w3c-keyname']),
];

/** The text files worth compressing; images, fonts and media are compressed already. */
const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Every file under `dir`, except the build's own .vite folder (the manifest the server reads, never served). */
async function files(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && !join(e.parentPath, e.name).includes(`${join(dir, '.vite')}`))
    .map((e) => join(e.parentPath, e.name));
}

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip level 9) beside each text file of the build, when
 * smaller than the file: the server sends them as they are (@fastify/static `preCompressed`), without compressing
 * per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'emblem-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const texts = (await files(outDir)).filter((file) => TEXT.test(file));
      await Promise.all(
        texts.map(async (file) => {
          const body = await readFile(file);
          const br = await brotli(body, {
            params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
          });
          const gz = await gzipAsync(body, { level: 9 });
          if (br.length < body.length) await writeFile(`${file}.br`, br);
          if (gz.length < body.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

const serverUrl = process.env.EMBLEM_DEV_SERVER ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // The server reads the manifest to find the public reader's hashed script and stylesheet (reader/client-assets.ts).
    manifest: true,
    rolldownOptions: {
      // Two entries: the app (index.html) and the public guideline reader's small script, which loads nothing else.
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        reader: fileURLToPath(new URL('./src/reader/main.ts', import.meta.url)),
      },
      output: {
        // Libraries change less often than the app: the families of chunkRules get chunks of their own, so a change in
        // one feature changes only that feature's files. React Aria and the other libraries are left to Rolldown, which
        // splits them by the set of pages that use them (a named group split the same way broke the order in which
        // chunks run: React was undefined in React Aria's chunk).
        codeSplitting: { groups: chunkRules.map((rule, i) => ({ name: rule, priority: chunkRules.length - i })) },
      },
    },
  },
  server: {
    // `npm run dev -w apps/web` talks to a running API server (default port 3000).
    proxy: {
      '/api': serverUrl,
      '/graphql-internal': serverUrl,
    },
  },
});
