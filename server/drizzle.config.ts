import { defineConfig } from 'drizzle-kit';

// Only `generate` is used: migrations are applied by the app at start-up (server/src/db/migrate.ts),
// because drizzle-kit's own migrate exits silently on PGlite when a migration needs an extension.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/src/db/schema/index.ts',
  out: './server/src/db/migrations',
});
