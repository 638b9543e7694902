import { defineConfig } from 'vitest/config';

// Browser tests drive one headless Chromium against a real server process; files run one at a
// time so two cores are not oversubscribed.
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
