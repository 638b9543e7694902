// What each built part of the repository is made from, and whether its build is still current. Used by
// scripts/build.mjs (`npm start` reuses a current build) and by the browser tests (they refuse a stale one).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Inputs shared by both parts: the contract package, the locked dependencies, the base TypeScript options. */
const shared = ['packages/contract/src', 'packages/contract/package.json', 'package-lock.json', 'tsconfig.base.json'];

export const buildTargets = [
  {
    name: 'web',
    workspace: '@flagpole/web',
    output: 'apps/web/dist/index.html',
    inputs: ['apps/web', ...shared],
  },
  {
    name: 'server',
    workspace: '@flagpole/server',
    output: 'apps/server/dist/main.js',
    // The challenge-file schemas of the `flagpole` command are bundled in (GET /api/schemas/*).
    inputs: ['apps/server/src', 'apps/server/scripts', 'apps/server/package.json', 'apps/cli/schema', ...shared],
  },
];

/** Folders and files that never go into a build: outputs, installed packages, tests. */
const skipped = (name) =>
  name === 'node_modules' || name === 'dist' || name === 'test' || /\.test\.tsx?$/.test(name) || name.startsWith('.');

function listFiles(relative, into) {
  const absolute = path.join(repoRoot, relative);
  for (const entry of readdirSync(absolute, { withFileTypes: true })) {
    if (skipped(entry.name)) continue;
    const child = path.join(relative, entry.name);
    if (entry.isDirectory()) listFiles(child, into);
    else if (entry.isFile()) into.push(child);
  }
}

/** Paths (relative to the repository) of every input file of a set of inputs, in a stable order. */
export function inputFiles(inputs) {
  const files = [];
  for (const input of inputs) {
    const absolute = path.join(repoRoot, input);
    if (!existsSync(absolute)) continue;
    if (statSync(absolute).isDirectory()) listFiles(input, files);
    else files.push(input);
  }
  return files.sort();
}

/** A digest of the names and contents of a part's inputs (and of this file, which decides what they are). */
export function fingerprint(inputs) {
  const hash = createHash('sha256');
  for (const file of inputFiles(inputs)) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(repoRoot, file)))
      .update('\0');
  }
  hash.update(readFileSync(fileURLToPath(import.meta.url)));
  return hash.digest('hex');
}

export const targetFingerprint = (target) => fingerprint(target.inputs);

/** Kept beside the installed packages, not in the build output: the web build's folder is served as it is. */
export const stampPath = (target) => path.join(repoRoot, 'node_modules/.cache/flagpole-build', `${target.name}.sha256`);

/** A part is fresh when its output exists and its last successful build had these inputs. */
export function isFresh(target, currentFingerprint = targetFingerprint(target)) {
  if (!existsSync(path.join(repoRoot, target.output))) return false;
  try {
    return readFileSync(stampPath(target), 'utf8').trim() === currentFingerprint;
  } catch {
    return false;
  }
}
