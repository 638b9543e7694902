#!/usr/bin/env node
// Bundles the server's own code (and the shared contract package, which ships as TypeScript) into
// dist/main.js, so that production runs plain `node` without a TypeScript loader thread. Packages from
// node_modules stay external and load as usual.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(readFileSync(path.join(serverDir, 'package.json'), 'utf8'));
const external = Object.keys(manifest.dependencies ?? {}).filter((name) => !name.startsWith('@flagpole/'));

// Chunk names carry a content hash; start from an empty folder so stale chunks do not pile up.
rmSync(path.join(serverDir, 'dist'), { recursive: true, force: true });
await build({
  entryPoints: [path.join(serverDir, 'src/main.ts')],
  outdir: path.join(serverDir, 'dist'),
  bundle: true,
  // Modules loaded with import() (container engines, the spreadsheet writer) become their own chunks, so
  // the packages they need are loaded only when they are used.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  // Subpath imports of external packages (e.g. `kysely/helpers/postgres`) stay external too.
  external: [...external, ...external.map((name) => `${name}/*`)],
  // Some dependencies are CommonJS and call require(); give the ESM bundle one.
  banner: {
    js: "import { createRequire as __flagpoleCreateRequire } from 'node:module'; const require = __flagpoleCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
console.log('server bundled into apps/server/dist/main.js');
