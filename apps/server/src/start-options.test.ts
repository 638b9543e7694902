import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const serverDir = path.resolve(import.meta.dirname, '..');
const repositoryRoot = path.resolve(serverDir, '../..');

/** The Node options of `npm start` (apps/server/package.json). */
function startScriptOptions(): string[] {
  const script: string = JSON.parse(readFileSync(path.join(serverDir, 'package.json'), 'utf8')).scripts.start;
  return script.split(/\s+/).filter((word) => word.startsWith('-'));
}

/** The Node options of the container image's CMD (the Dockerfile at the root). */
function imageOptions(): string[] {
  const dockerfile = readFileSync(path.join(repositoryRoot, 'Dockerfile'), 'utf8');
  const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1] ?? '[]';
  return (JSON.parse(cmd) as string[]).filter((word) => word.startsWith('-'));
}

/**
 * The factors by which V8 lets the old generation grow past what survived a full collection, as V8 itself
 * reports them (`--trace-gc-verbose` prints the factor it chose at each full collection) in a process started with `options`.
 */
function oldGenerationGrowingFactors(options: string[]): string[] {
  const run = spawnSync(process.execPath, [...options, '--trace-gc-verbose', '--expose-gc', '-e', 'gc()'], {
    encoding: 'utf8',
  });
  expect(run.status).toBe(0);
  return [...run.stdout.matchAll(/\[HeapController\] factor (\d+(?:\.\d+)?) based on /g)].map(
    (match) => match[1] ?? '',
  );
}

/**
 * How many young-generation collections (scavenges) a process started with `options` ran while allocating short-lived
 * objects, and how many scavenger tasks they used in all: V8 prints one line per task (`--trace-parallel-scavenge`)
 * and one per collection (`--trace-gc`).
 */
function scavengeTasks(options: string[]): { scavenges: number; tasks: number } {
  const allocate =
    'let kept = []; for (let i = 0; i < 2e6; i++) { kept.push({ i }); if (kept.length > 1e5) kept = []; }';
  const run = spawnSync(process.execPath, [...options, '--trace-gc', '--trace-parallel-scavenge', '-e', allocate], {
    encoding: 'utf8',
  });
  expect(run.status).toBe(0);
  return {
    scavenges: [...run.stdout.matchAll(/ ms: Scavenge /g)].length,
    tasks: [...run.stdout.matchAll(/scavenge\[0x[0-9a-f]+\]: time=/g)].length,
  };
}

/** The environment variables the container image's `ENV` instructions set. */
function imageEnvironment(): Map<string, string> {
  const dockerfile = readFileSync(path.join(repositoryRoot, 'Dockerfile'), 'utf8').replace(/\\\n/g, ' ');
  const pairs = [...dockerfile.matchAll(/^ENV (.*)$/gm)].flatMap((match) => match[1]?.trim().split(/\s+/) ?? []);
  return new Map(pairs.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
}

describe('Node options of the shipped server', () => {
  // Left to itself V8 lets the heap reach about four times what is live before a full collection (bench/results:
  // game-load.md, scoreboard-live.md). 1.5 keeps the garbage small and still lets a bigger event's heap grow; the
  // image, whose peak under a stream of submissions is set by it, holds it to 1.3 (docs/deploy.md).
  it.each([
    ['npm start', '1.5', startScriptOptions],
    ['the container image', '1.3', imageOptions],
  ])('%s lets the old generation grow by a factor of %s between full collections', (_name, factor, options) => {
    const factors = oldGenerationGrowingFactors(options());
    expect(factors.length).toBeGreaterThan(0);
    expect(new Set(factors)).toEqual(new Set([factor]));
  });

  // On an event's machine the server shares its cores with PostgreSQL (and the benchmark's load generator); up to
  // eight scavenger tasks on two cores cost more CPU than one, and the main thread waited for them anyway
  // (bench/results/game-load.md, 2026-11-24 23:49–00:01; docs/deploy.md).
  it('the container image runs each young-generation collection as one task on the main thread', () => {
    const { scavenges, tasks } = scavengeTasks(imageOptions());
    expect(scavenges).toBeGreaterThan(5);
    expect(tasks).toBe(scavenges);
  });

  it('the container image gives glibc two malloc arenas, not one per thread that allocates', () => {
    expect(imageEnvironment().get('MALLOC_ARENA_MAX')).toBe('2');
    expect(imageEnvironment().get('DATA_DIR')).toBe('/data');
  });
});
