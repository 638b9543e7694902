import { defineConfig } from 'vitest/config';

// The command's tests: unit tests of parsing and planning, and tests that run the command as a child
// process against the built server (one server for the whole file).
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
