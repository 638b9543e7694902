#!/usr/bin/env node
// Removes from production node_modules folders what Node.js never loads at run time: source maps, type
// declarations and TypeScript sources, documentation, the packages' own tests and examples, native
// prebuilds for other platforms, and browser bundles of packages that have a Node.js entry. Licence and
// notice files stay. The Dockerfile runs it to keep the image small.
//
// Usage: node scripts/prune-node-modules.mjs <node_modules folder>...
import { lstatSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

/** Files Node.js does not load: maps, declarations, TypeScript (no loader in production), prose. */
const UNUSED_FILE = /\.(map|d\.[cm]?ts|[cm]?ts|tsx|md|markdown)$/i;
const KEEP_FILE = /^(licen[cs]e|copying|notice|authors)/i;
/** Folders of packages' own tests, examples and benchmarks (never loaded by the package itself). */
const UNUSED_FOLDER = /^(test|tests|__tests__|example|examples|benchmark|benchmarks|\.github)$/;
/** Whole folders nothing in production needs. */
const UNUSED_PACKAGE_PATHS = [
  '@types',
  // The browser bundles; Node.js loads exceljs/lib through excel.js.
  'exceljs/dist',
  // CommonJS builds of packages that only the server's ES module bundle loads (through their `import`
  // export); no production package requires them (checked with grep over the image's node_modules).
  'kysely/dist/cjs',
  'fastify-type-provider-zod/dist/cjs',
  // PGlite's optional extensions: the server loads none (its extension modules and their archives).
  '@electric-sql/pglite/dist/contrib',
  // Installed beside exceljs (bundled into the spreadsheet chunk); no production package depends on it.
  'dayjs',
  // ssh2's optional native speed-ups (under dockerode): install scripts never run, so they are never built
  // and ssh2 already falls back to Node.js's crypto (its require sits in a try).
  'cpu-features',
  'buildcheck',
  'nan',
  // protobufjs's browser bundles (Node.js loads its src/ through index.js), and the command-line parser of
  // @grpc/proto-loader's code generator (its bin/ only; dockerode loads the library).
  'protobufjs/dist',
  'yargs',
  'yargs-parser',
  'y18n',
  'cliui',
];
/**
 * Files of one package that the server never loads: the CommonJS twins of PGlite's and zod's ES modules,
 * and PGlite's extension archives.
 */
const UNUSED_PACKAGE_FILES = [
  { folder: '@electric-sql/pglite', file: /\.(cjs|tar\.gz)$/ },
  { folder: 'zod', file: /\.cjs$/ },
];

/** Native prebuilds (node-gyp-build layout, `prebuilds/<platform>-<arch>`) for other machines than this one. */
const thisMachine = `${process.platform}-${process.arch}`;

let removedBytes = 0;

function prune(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && path.basename(dir) === 'prebuilds' && !entry.name.startsWith(thisMachine)) {
      removedBytes += sizeOf(full);
      rmSync(full, { recursive: true });
    } else if (entry.isDirectory() && UNUSED_FOLDER.test(entry.name)) {
      removedBytes += sizeOf(full);
      rmSync(full, { recursive: true });
    } else if (entry.isDirectory()) {
      prune(full);
    } else if (entry.isFile() && UNUSED_FILE.test(entry.name) && !KEEP_FILE.test(entry.name)) {
      removedBytes += lstatSync(full).size;
      rmSync(full);
    }
  }
}

function removeMatching(dir, file) {
  if (!lstatSync(dir, { throwIfNoEntry: false })?.isDirectory()) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) removeMatching(full, file);
    else if (file.test(entry.name)) {
      removedBytes += lstatSync(full).size;
      rmSync(full);
    }
  }
}

function sizeOf(target) {
  const stat = lstatSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(target).reduce((sum, name) => sum + sizeOf(path.join(target, name)), 0);
}

const roots = process.argv.slice(2);
if (roots.length === 0) {
  console.error('usage: prune-node-modules.mjs <node_modules folder>...');
  process.exit(2);
}
for (const root of roots) {
  if (!lstatSync(root, { throwIfNoEntry: false })?.isDirectory()) continue;
  for (const unused of UNUSED_PACKAGE_PATHS) {
    const target = path.join(root, unused);
    removedBytes += sizeOf(target);
    rmSync(target, { recursive: true, force: true });
  }
  for (const { folder, file } of UNUSED_PACKAGE_FILES) removeMatching(path.join(root, folder), file);
  prune(root);
}
console.log(`pruned ${(removedBytes / 1024 / 1024).toFixed(1)} MiB from ${roots.join(', ')}`);
