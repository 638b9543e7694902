// @ts-check
// Finds the challenge files of a folder, parses them as YAML and validates them against the JSON Schema of
// their format, keeping each problem's line and column so that an organiser can jump to it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isMap, isScalar, LineCounter, parseDocument } from 'yaml';
import { validatorFor } from './schema.js';

/** File names recognised as one challenge each: ctfcli's and noCTF's. */
export const CHALLENGE_FILES = ['challenge.yml', 'challenge.yaml', 'noctf.yaml', 'noctf.yml'];

/**
 * @typedef {{ file: string, line: number, column: number, field: string, message: string }} Problem
 * @typedef {'ctfcli' | 'noctf'} Format
 * @typedef {{ file: string, dir: string, format: Format, data: Record<string, any>, locate: (field: (string|number)[]) => { line: number, column: number } }} LoadedFile
 */

/**
 * Every challenge file under `root`, in a stable order; folders named node_modules or starting with `.` are skipped.
 * @param {string} root
 */
export function findChallengeFiles(root) {
  /** @type {string[]} */
  const found = [];
  /** @param {string} dir */
  const walk = (dir) => {
    const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      if (entry.isDirectory()) {
        if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
        walk(path.join(dir, entry.name));
      } else if (CHALLENGE_FILES.includes(entry.name)) {
        found.push(path.join(dir, entry.name));
      }
    }
  };
  walk(root);
  return found;
}

/** @param {string} file @returns {Format} */
export const formatOf = (file) => (path.basename(file).startsWith('noctf.') ? 'noctf' : 'ctfcli');

/**
 * Parses and validates one file's text. `file` is the name used in messages.
 * @param {string} file
 * @param {string} text
 * @returns {{ loaded?: LoadedFile, problems: Problem[] }}
 */
export function loadText(file, text) {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  /** @param {number} offset */
  const at = (offset) => {
    const pos = lineCounter.linePos(offset);
    return { line: pos.line, column: pos.col };
  };
  /** @type {Problem[]} */
  const problems = [];
  for (const error of doc.errors) {
    const pos = at(error.pos[0]);
    problems.push({ file, ...pos, field: '', message: error.message.split('\n')[0] ?? error.code });
  }
  if (problems.length > 0) return { problems };
  /** @param {(string|number)[]} field */
  const locate = (field) => {
    // The deepest node that exists on the path: a missing property is reported where its parent is.
    for (let depth = field.length; depth >= 0; depth--) {
      const node = depth === 0 ? doc.contents : doc.getIn(field.slice(0, depth), true);
      const range = /** @type {{ range?: [number, number, number] } | null | undefined} */ (node)?.range;
      if (range) return at(range[0]);
    }
    return { line: 1, column: 1 };
  };
  /** Where a key (not its value) is written: an unknown key is reported there. @param {(string|number)[]} field @param {string} key */
  const locateKey = (field, key) => {
    const parent = field.length === 0 ? doc.contents : doc.getIn(field, true);
    if (isMap(parent)) {
      const pair = parent.items.find((item) => isScalar(item.key) && item.key.value === key);
      const range = isScalar(pair?.key) ? pair.key.range : undefined;
      if (range) return at(range[0]);
    }
    return locate(field);
  };
  const data = doc.toJS();
  const format = formatOf(file);
  const validate = validatorFor(format);
  if (!validate(data)) {
    const errors = validate.errors ?? [];
    // A union (`anyOf`) that failed reports every branch; when a branch got deeper, its error is the useful one.
    const deeper = (/** @type {string} */ at) => errors.some((other) => other.instancePath.startsWith(`${at}/`));
    const useful = errors.filter(
      (error) =>
        !((error.keyword === 'anyOf' || error.keyword === 'type') && deeper(error.instancePath)) &&
        !(error.keyword === 'anyOf' && errors.length > 1),
    );
    for (const error of useful) {
      const field = error.instancePath
        .split('/')
        .slice(1)
        .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
        .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
      const extra = /** @type {Record<string, unknown>} */ (error.params);
      const missing = typeof extra.missingProperty === 'string' ? extra.missingProperty : undefined;
      const unknown = typeof extra.additionalProperty === 'string' ? extra.additionalProperty : undefined;
      const allowed = Array.isArray(extra.allowedValues)
        ? `: ${extra.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`
        : '';
      const name = [...field, ...(missing ? [missing] : []), ...(unknown ? [unknown] : [])].join('.');
      const where = unknown ? locateKey(field, unknown) : locate(field);
      problems.push({ file, ...where, field: name, message: `${error.message ?? 'is invalid'}${allowed}` });
    }
    return { problems: dedupe(problems).sort((a, b) => a.line - b.line || a.column - b.column) };
  }
  return { loaded: { file, dir: path.dirname(file), format, data, locate }, problems };
}

/**
 * `anyOf` failures repeat one problem per branch; the first per place and field says enough.
 * @param {Problem[]} problems
 */
function dedupe(problems) {
  const seen = new Set();
  return problems.filter((problem) => {
    const key = `${problem.line}:${problem.column}:${problem.field}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Loads every challenge file under `root`; `file` in the results is relative to the current directory.
 * @param {string} root
 */
export function loadFolder(root) {
  /** @type {LoadedFile[]} */
  const files = [];
  /** @type {Problem[]} */
  const problems = [];
  const found = findChallengeFiles(root);
  for (const absolute of found) {
    const file = path.relative(process.cwd(), absolute) || absolute;
    const result = loadText(file, readFileSync(absolute, 'utf8'));
    if (result.loaded) files.push(result.loaded);
    problems.push(...result.problems);
  }
  return { files, problems, count: found.length };
}

/** @param {Problem} problem */
export const formatProblem = (problem) =>
  `${problem.file}:${problem.line}:${problem.column}: ${problem.field ? `${problem.field}: ` : ''}${problem.message}`;
