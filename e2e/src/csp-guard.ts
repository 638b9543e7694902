import { afterEach, expect } from 'vitest';
import { cspViolations } from './browser';

// Every browser test runs under the server's Content-Security-Policy: a violation the browser reports
// (a blocked inline script or style, a script or connection to another origin) fails the test it happened in.
afterEach(() => {
  const seen = cspViolations.splice(0);
  expect(seen, 'Content-Security-Policy violations').toEqual([]);
});
