import { execSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import { repoRoot } from './cluster';

/** One measured figure of a scenario. */
export interface Figure {
  scenario: string;
  name: string;
  value: string | number;
  /** What must hold for the figure (shown beside it). */
  bound?: string;
}

const figures: Figure[] = [];

export function record(scenario: string, name: string, value: string | number, bound?: string): void {
  figures.push({ scenario, name, value: typeof value === 'number' ? Math.round(value * 10) / 10 : value, bound });
}

/** Milliseconds as seconds with two decimals. */
export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function machine(): string {
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  const gib = (totalmem() / 1024 ** 3).toFixed(1);
  let postgres = 'unknown';
  let redis = 'unknown';
  let nginx = 'unknown';
  try {
    postgres = execSync("psql -h 127.0.0.1 -U postgres -Atc 'show server_version'", { stdio: 'pipe' })
      .toString()
      .trim();
  } catch {}
  try {
    redis =
      execSync('redis-cli -h 127.0.0.1 info server', { stdio: 'pipe' })
        .toString()
        .match(/redis_version:(\S+)/)?.[1] ?? redis;
  } catch {}
  try {
    nginx = execSync('nginx -v 2>&1', { stdio: 'pipe' }).toString().trim().replace('nginx version: ', '');
  } catch {}
  return [
    `- Machine: ${cpu}, ${cpus().length} cores, ${gib} GiB; load average at the end ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (shared with other work)`,
    `- Node ${process.version}, PostgreSQL ${postgres}, Redis ${redis}, ${nginx}`,
  ].join('\n');
}

/**
 * Writes the figures to bench/results/faults.md when FAULTS_REPORT is set (`npm run faults -w @flagpole/e2e`):
 * the machine and date first, then one table per scenario.
 */
export function writeReport(): void {
  if (!process.env.FAULTS_REPORT || figures.length === 0) return;
  const scenarios = [...new Set(figures.map((f) => f.scenario))];
  const lines = [
    '# Fault injection',
    '',
    'Written by `npm run faults -w @flagpole/e2e` (the fault suite, `e2e/tests/faults.test.ts`, with',
    '`FAULTS_REPORT=1`); the same suite runs in CI without writing this file. Real server processes (the built',
    '`apps/server/dist/main.js`) on one PostgreSQL database and one Redis, each reached through a TCP proxy the',
    'test controls; processes are killed with SIGKILL by the process id the test started. What the issue asks',
    'for is in the "must" column; the suite fails when a figure misses it.',
    '',
    `- Date: ${new Date().toISOString()}`,
    machine(),
    '',
  ];
  for (const scenario of scenarios) {
    lines.push(`## ${scenario}`, '', '| Figure | Value | Must |', '| --- | --- | --- |');
    for (const f of figures.filter((x) => x.scenario === scenario))
      lines.push(`| ${f.name} | ${f.value} | ${f.bound ?? ''} |`);
    lines.push('');
  }
  writeFileSync(path.join(repoRoot, 'bench/results/faults.md'), `${lines.join('\n')}`);
}
