#!/usr/bin/env node
// Runs every test suite of the repository in turn and prints one closing line with the totals.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const suites = [
  { name: 'contract', cwd: 'packages/contract' },
  { name: 'server', cwd: 'apps/server' },
  { name: 'web', cwd: 'apps/web' },
  { name: 'e2e', cwd: 'e2e' },
  // The `flagpole` command against the built server (docs/challenges-as-code.md).
  { name: 'cli', cwd: 'apps/cli' },
  // Deployment files and the container image (docs/deploy.md).
  { name: 'deploy', cwd: 'deploy' },
];
const only = process.argv.slice(2);
const reportDir = mkdtempSync(path.join(tmpdir(), 'flagpole-tests-'));
let passed = 0;
let failed = 0;
let skipped = 0;
let anyFailed = false;
/** Wall time per suite, printed at the end: CI must stay well inside its time limit. */
const timings = [];
/** The slowest test files of every suite, printed at the end to show where CI time goes. */
const slowest = [];

/** `[seconds, "suite file"]` of each file in a vitest JSON report, slowest first, at most eight. */
function slowestFiles(suiteName, summary) {
  return summary.testResults
    .map((file) => [(file.endTime - file.startTime) / 1000, `${suiteName} ${path.relative(process.cwd(), file.name)}`])
    .sort((a, b) => b[0] - a[0])
    .slice(0, 8);
}

for (const suite of suites) {
  if (only.length > 0 && !only.includes(suite.name)) continue;
  const report = path.join(reportDir, `${suite.name}.json`);
  console.log(`\n=== ${suite.name} ===`);
  const started = Date.now();
  const result = spawnSync(
    'npx',
    ['vitest', 'run', '--passWithNoTests', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    { cwd: suite.cwd, stdio: 'inherit', env: process.env },
  );
  if (result.status !== 0) anyFailed = true;
  const seconds = Math.round((Date.now() - started) / 1000);
  timings.push(`${suite.name} ${seconds} s`);
  try {
    const summary = JSON.parse(readFileSync(report, 'utf8'));
    passed += summary.numPassedTests;
    failed += summary.numFailedTests;
    skipped += summary.numPendingTests + summary.numTodoTests;
    slowest.push(...slowestFiles(suite.name, summary));
  } catch {
    anyFailed = true;
    console.log(`(no report from ${suite.name})`);
  }
}
rmSync(reportDir, { recursive: true, force: true });
if (anyFailed && failed === 0) failed = 1;
console.log(`\nSuite times: ${timings.join(', ')}`);
console.log('Slowest test files:');
for (const [seconds, name] of slowest.sort((a, b) => b[0] - a[0]).slice(0, 20)) {
  console.log(`  ${seconds.toFixed(0).padStart(5)} s  ${name}`);
}
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(anyFailed ? 1 : 0);
