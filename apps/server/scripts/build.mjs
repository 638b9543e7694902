#!/usr/bin/env node
// Bundles the server's own code (and the shared contract package, which ships as TypeScript) into
// dist/main.js, so that production runs plain `node` without a TypeScript loader thread. Packages from
// node_modules stay external and load as usual.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(readFileSync(path.join(serverDir, 'package.json'), 'utf8'));
const external = Object.keys(manifest.dependencies ?? {}).filter((name) => !name.startsWith('@flagpole/'));

await build({
  entryPoints: [path.join(serverDir, 'src/main.ts')],
  outfile: path.join(serverDir, 'dist/main.js'),
  bundle: true,
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
