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
 * reports them (`--trace-gc-verbose` prints each new limit with its factor) in a process started with `options`.
 */
function oldGenerationGrowingFactors(options: string[]): string[] {
  const run = spawnSync(process.execPath, [...options, '--trace-gc-verbose', '--expose-gc', '-e', 'gc()'], {
    encoding: 'utf8',
  });
  expect(run.status).toBe(0);
  return [...run.stdout.matchAll(/\[HeapController\] Limit: .*\((\d+(?:\.\d+)?)\)$/gm)].map((match) => match[1] ?? '');
}

describe('Node options of the shipped server', () => {
  // Left to itself V8 lets the heap reach about four times what is live before a full collection (bench/results:
  // game-load.md, scoreboard-live.md); 1.5 keeps the garbage small and still lets a bigger event's heap grow.
  it.each([
    ['npm start', startScriptOptions],
    ['the container image', imageOptions],
  ])('%s lets the old generation grow by a factor of 1.5 between full collections', (_name, options) => {
    const factors = oldGenerationGrowingFactors(options());
    expect(factors.length).toBeGreaterThan(0);
    expect(new Set(factors)).toEqual(new Set(['1.5']));
  });
});
