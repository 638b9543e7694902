#!/usr/bin/env node
// Runs every test suite of the repository and prints one closing line with the totals.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The suites in stages: a stage's suites share nothing (databases, ports and Docker objects are their own) and run
 * side by side, their output printed as each finishes; stages run one after the other.
 */
const stages = [
  [{ name: 'contract', cwd: 'packages/contract' }],
  [{ name: 'server', cwd: 'apps/server' }],
  [
    { name: 'web', cwd: 'apps/web' },
    // The `flagpole` command against the built server (docs/challenges-as-code.md).
    { name: 'cli', cwd: 'apps/cli' },
    // Deployment files and the container image (docs/deploy.md).
    { name: 'deploy', cwd: 'deploy' },
  ],
  [{ name: 'e2e', cwd: 'e2e' }],
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

/**
 * Runs one suite's vitest and resolves to its exit status and, when `hold` is set (suites side by side), its output,
 * printed afterwards in one piece; otherwise the output streams as it comes.
 */
function runSuite(suite, report, hold) {
  return new Promise((resolve) => {
    const child = spawn(
      'npx',
      ['vitest', 'run', '--passWithNoTests', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
      { cwd: suite.cwd, env: process.env, stdio: hold ? ['ignore', 'pipe', 'pipe'] : 'inherit' },
    );
    const chunks = [];
    child.stdout?.on('data', (chunk) => chunks.push(chunk));
    child.stderr?.on('data', (chunk) => chunks.push(chunk));
    child.on('close', (status) => resolve({ status, output: Buffer.concat(chunks).toString() }));
  });
}

async function runStage(stage) {
  await Promise.all(
    stage.map(async (suite) => {
      const report = path.join(reportDir, `${suite.name}.json`);
      const started = Date.now();
      const hold = stage.length > 1;
      if (!hold) console.log(`\n=== ${suite.name} ===`);
      const { status, output } = await runSuite(suite, report, hold);
      if (status !== 0) anyFailed = true;
      const seconds = Math.round((Date.now() - started) / 1000);
      if (hold)
        console.log(`\n=== ${suite.name} (${seconds} s, run beside ${stage.length - 1} other suites) ===\n${output}`);
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
    }),
  );
}

for (const stage of stages) {
  const chosen = stage.filter((suite) => only.length === 0 || only.includes(suite.name));
  if (chosen.length > 0) await runStage(chosen);
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
