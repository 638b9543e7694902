import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The options `node` gets from the `start` script of the server package a build belongs to: what `npm start`
 * passes. Tests and benchmarks start the built server with them, so they run the process as it ships.
 */
export function startScriptNodeArgs(builtEntry: string): string[] {
  const manifest = path.join(path.dirname(builtEntry), '..', 'package.json');
  const script: string = JSON.parse(readFileSync(manifest, 'utf8')).scripts?.start ?? '';
  const words = script.split(/\s+/);
  const node = words.indexOf('node');
  if (node < 0) throw new Error(`the start script of ${manifest} does not run node: ${script}`);
  return words.slice(node + 1).filter((word) => word.startsWith('-'));
}

/**
 * The Node options of the container image's `CMD` (the Dockerfile at the repository root): how events run the
 * server on their PostgreSQL. Benchmarks on the PostgreSQL server start it with these by default.
 */
export function imageNodeArgs(dockerfile: string): string[] {
  const cmd = /^CMD (\[.*\])$/m.exec(readFileSync(dockerfile, 'utf8'))?.[1];
  if (!cmd) throw new Error(`no CMD in exec form in ${dockerfile}`);
  return (JSON.parse(cmd) as string[]).filter((word) => word.startsWith('-'));
}

/**
 * The glibc allocator settings (`MALLOC_*`) the container image's `ENV` sets: read by the C library as the process
 * starts, so a benchmark that runs the server as the image does passes them in its environment.
 */
export function imageMallocEnvironment(dockerfile: string): Record<string, string> {
  const joined = readFileSync(dockerfile, 'utf8').replace(/\\\n/g, ' ');
  const words = [...joined.matchAll(/^ENV (.*)$/gm)].flatMap((match) => match[1]?.trim().split(/\s+/) ?? []);
  return Object.fromEntries(
    words
      .filter((word) => word.startsWith('MALLOC_'))
      .map((word) => [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)]),
  );
}
