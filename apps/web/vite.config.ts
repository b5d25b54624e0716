import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const serverUrl = process.env.EMBLEM_DEV_SERVER ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
  },
  server: {
    // `npm run dev -w apps/web` talks to a running API server (default port 3000).
    proxy: {
      '/api': serverUrl,
      '/graphql-internal': serverUrl,
    },
  },
});
