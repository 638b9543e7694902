import { defineConfig } from 'vitest/config';

/** The suites that store files: run a third time with S3 storage (against a real S3-compatible server). */
const storageSuites = [
  'test/assets-upload.test.ts',
  'test/avatar-assets.test.ts',
  'test/edit-games.test.ts',
  'test/admin-settings.test.ts',
  'test/writeups.test.ts',
  'test/captures.test.ts',
  'test/storage.test.ts',
];

/**
 * Unit tests sit beside the code (src/**\/*.test.ts). API and database tests (test/**) run twice:
 * against the local PostgreSQL server and against the embedded database. The suites that store files
 * run once more with STORAGE=s3 on PostgreSQL.
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
      {
        extends: true,
        test: {
          name: 'api-s3',
          include: storageSuites,
          // The SDK's notice that its 2027 releases need Node 22 is for whoever upgrades it, not for test logs.
          env: { TEST_DB: 'postgres', TEST_STORAGE: 's3', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
          globalSetup: ['test/global-setup.ts', 'test/s3-global-setup.ts'],
        },
      },
    ],
    // Most of an API test's time is spent waiting on PostgreSQL, Docker and timers: with vitest's default of one
    // worker on two cores the suite used 64 % of one core on PostgreSQL; three workers keep both cores busy.
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
