import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { localeChunk } from './src/locales/groups.js';

const serverUrl = process.env.EMBLEM_DEV_SERVER ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
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
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            // The interface strings: one file per language and group (locales/groups.ts), loaded on demand.
            { name: localeChunk, test: /[\\/]locales[\\/][a-z]{2}[\\/][\w-]+\.json$/ },
            {
              name: 'react-aria',
              test: /node_modules[\\/](react-aria|react-aria-components|react-stately|@react-aria|@react-stately|@react-types|@internationalized)[\\/]/,
            },
            // The rich-text editor (toolkit) loads only with the screens that edit rich text. Vendor comes first so
            // that shared dependencies (react) stay in it rather than following Tiptap into the editor chunk.
            { name: 'vendor', test: /node_modules[\\/](?!@tiptap[\\/]|prosemirror-|linkifyjs|orderedmap|rope-sequence|w3c-keyname)/ },
            { name: 'editor', test: /node_modules[\\/]/ },
          ],
        },
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
