import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Every table: each module's own (src/server/modules/<area>/schema) and the platform's.
  schema: ['./src/server/modules/*/schema/*.ts', './src/server/modules/*/schema.ts', './src/server/jobs/schema.ts', './src/server/server-schema.ts'],
  out: './src/db/migrations',
});
