import { defineConfig } from 'drizzle-kit';

// One schema and one set of committed SQL migrations for PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/*.ts',
  out: './server/db/migrations',
});
