#!/usr/bin/env node
// Bundles the server's own code (and the shared contract package, which ships as TypeScript) into
// dist/main.js, so that production runs plain `node` without a TypeScript loader thread. The packages in
// `dependencies` stay external and load from node_modules as usual. Packages the server imports from
// `devDependencies` are bundled: the Kubernetes client and the spreadsheet writer, large pure-JavaScript
// trees that are only loaded lazily, go into their own chunks, so production installs (and the container
// image) do not carry them.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { decode, encode } from '@jridgewell/sourcemap-codec';
import { build } from 'esbuild';

const serverDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(readFileSync(path.join(serverDir, 'package.json'), 'utf8'));
const external = Object.keys(manifest.dependencies ?? {}).filter((name) => !name.startsWith('@flagpole/'));

// Chunk names carry a content hash; start from an empty folder so stale chunks do not pile up.
rmSync(path.join(serverDir, 'dist'), { recursive: true, force: true });
await build({
  // The server, and the command that moves a local file store into an S3 bucket.
  entryPoints: [path.join(serverDir, 'src/main.ts'), path.join(serverDir, 'src/move-files-to-s3.ts')],
  outdir: path.join(serverDir, 'dist'),
  bundle: true,
  // Modules loaded with import() (container engines, the spreadsheet writer) become their own chunks, so
  // the packages they need are loaded only when they are used.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node24',
  // Kept beside the bundle for operators who start node with --enable-source-maps (docs/deploy.md, "Node options":
  // off by default); the maps need not carry the sources.
  sourcemap: 'linked',
  sourcesContent: false,
  // Smaller bundled chunks; names are kept, so stack traces and logs stay readable.
  minifyWhitespace: true,
  minifySyntax: true,
  // Subpath imports of external packages (e.g. `kysely/helpers/postgres`) stay external too.
  external: [...external, ...external.map((name) => `${name}/*`)],
  // Some dependencies are CommonJS and call require(); give the ESM bundle one.
  banner: {
    js: "import { createRequire as __flagpoleCreateRequire } from 'node:module'; const require = __flagpoleCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});

/**
 * The maps keep the positions of the server's own code (and the contract's) and drop those of bundled
 * packages: stack traces through our code read as sources, a frame inside the Kubernetes client, the
 * spreadsheet writer or the AWS SDK shows its place in the chunk (names are kept). Those packages' positions
 * were nine tenths of the maps' size, which counts in the container image.
 */
function keepOwnPositions(mapFile) {
  const map = JSON.parse(readFileSync(mapFile, 'utf8'));
  const vendored = new Set(
    map.sources.flatMap((source, index) => (source.split('/').includes('node_modules') ? [index] : [])),
  );
  if (vendored.size === 0) return;
  const lines = decode(map.mappings).map((segments) => segments.filter((segment) => !vendored.has(segment[1])));
  map.mappings = encode(lines);
  writeFileSync(mapFile, JSON.stringify(map));
}
for (const entry of readdirSync(path.join(serverDir, 'dist'), { recursive: true })) {
  if (String(entry).endsWith('.map')) keepOwnPositions(path.join(serverDir, 'dist', String(entry)));
}
console.log('server bundled into apps/server/dist/main.js');
