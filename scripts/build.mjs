#!/usr/bin/env node
// Builds the web application and the server (`npm run build`). With --if-stale (`npm start`) a part whose
// inputs have not changed since its last build is reused: a start after a start costs no build, and a change
// to any source, a dependency or the build's own configuration builds that part again.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildTargets, isFresh, repoRoot, stampPath, targetFingerprint } from './build-inputs.mjs';

const ifStale = process.argv.includes('--if-stale');

for (const target of buildTargets) {
  const fingerprint = targetFingerprint(target);
  if (ifStale && isFresh(target, fingerprint)) {
    console.log(`${target.name}: up to date, reusing ${target.output}`);
    continue;
  }
  const result = spawnSync('npm', ['run', 'build', '-w', target.workspace], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  // Written only after a build that succeeded, so a failed or interrupted build is never taken as fresh.
  mkdirSync(path.dirname(stampPath(target)), { recursive: true });
  writeFileSync(stampPath(target), `${fingerprint}\n`);
}
