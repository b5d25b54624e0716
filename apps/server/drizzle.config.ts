import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/server/src/db/schema/', // the folder, one file per domain; not the barrel schema.ts, or every table would be read twice
  out: './apps/server/src/db/migrations',
});
