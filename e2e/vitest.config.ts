import { defineConfig } from 'vitest/config';

/**
 * Files whose assertions are about time or load (a takeover within 5 s of a SIGKILL, a 413 within a second, a
 * reconnect that must wait), and team-entry, which drives a dozen browser contexts at once and timed out beside
 * another file on a loaded machine: they run after the others, one at a time, on a machine no other file loads.
 * containers and health-checks start Docker instances, each on a bridge network of its own: every network added or
 * removed changes the host's addresses, and Chromium fails whatever the other files' pages have in flight with
 * ERR_NETWORK_CHANGED (a page's first fetch, a lazy page's module, the reload that follows), which left their
 * pages empty or waiting.
 */
const aloneFiles = [
  'tests/containers.test.ts',
  'tests/faults.test.ts',
  'tests/health-checks.test.ts',
  'tests/hostile-clients.test.ts',
  'tests/live-limits.test.ts',
  'tests/team-entry.test.ts',
];

// Browser tests drive headless Chromium against a real server process of their own (a fresh embedded database and
// port per file), so files share nothing: two run at once, as much of a browser test is waiting for a page.
export default defineConfig({
  test: {
    setupFiles: ['src/csp-guard.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // What a page shows follows a fetch or a push; on a loaded machine that takes longer than expect.poll's 1 s
    // default, while Playwright's own waits allow 45 s (newContext).
    expect: { poll: { timeout: 10_000 } },
    projects: [
      {
        extends: true,
        test: { name: 'browser', include: ['tests/**/*.test.ts'], exclude: aloneFiles, maxWorkers: 2 },
      },
      { extends: true, test: { name: 'alone', include: aloneFiles, fileParallelism: false, maxWorkers: 1 } },
    ],
  },
});
