import { defineConfig } from 'vitest/config';

/**
 * Unit tests sit beside the code (src/**\/*.test.ts). API and database tests (test/**) run twice:
 * against the local PostgreSQL server and against the embedded database.
 */
export default defineConfig({
  test: {
    projects: [
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'api-postgres',
          include: ['test/**/*.test.ts'],
          env: { TEST_DB: 'postgres' },
          globalSetup: ['test/global-setup.ts'],
        },
      },
      { extends: true, test: { name: 'api-embedded', include: ['test/**/*.test.ts'], env: { TEST_DB: 'embedded' } } },
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
