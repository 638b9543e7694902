import { defineConfig } from 'vitest/config';

// Browser tests drive one headless Chromium against a real server process; files run one at a
// time so two cores are not oversubscribed.
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    setupFiles: ['src/csp-guard.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // What a page shows follows a fetch or a push; on a loaded machine that takes longer than expect.poll's 1 s
    // default, while Playwright's own waits allow 30 s.
    expect: { poll: { timeout: 10_000 } },
  },
});
