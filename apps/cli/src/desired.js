// @ts-check
// Turns one parsed challenge file (ctfcli or noCTF) into the state Flagpole should hold, in Flagpole's terms,
// with a note for every field that was mapped onto something of another shape or has no counterpart at all.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { healthCheckOf } from './health-check.js';
import { hintsOfCtfcli, prerequisitesOfCtfcli } from './scoring-fields.js';
import { servicesOfFile } from './services-fields.js';

export const CATEGORIES = /** @type {const} */ ([
  'Misc',
  'Crypto',
  'Pwn',
  'Web',
  'Reverse',
  'Blockchain',
  'Forensics',
  'Hardware',
  'Mobile',
  'PPC',
  'AI',
  'Pentest',
  'OSINT',
]);

/** Free-text category names of other platforms, lower case, and the Flagpole category each stands for. */
const CATEGORY_ALIASES = /** @type {Record<string, string>} */ ({
  cryptography: 'Crypto',
  binary: 'Pwn',
  exploitation: 'Pwn',
  pwnable: 'Pwn',
  rev: 'Reverse',
  re: 'Reverse',
  reversing: 'Reverse',
  'reverse engineering': 'Reverse',
  forensic: 'Forensics',
  hw: 'Hardware',
  android: 'Mobile',
  ios: 'Mobile',
  programming: 'PPC',
  coding: 'PPC',
  ml: 'AI',
  miscellaneous: 'Misc',
});

/**
 * @typedef {{ flag: string, matchType: 'Exact' | 'IgnoreCase' | 'Regex' | 'RegexIgnoreCase' }} DesiredFlag
 * @typedef {{ kind: 'local', path: string, hash: string, size: number } | { kind: 'remote', url: string } | null} DesiredAttachment
 * @typedef {{
 *   title: string, category: string, type: string, content: string, hints: string[], flags: DesiredFlag[],
 *   attachment: DesiredAttachment, fileName?: string, isEnabled?: boolean, submissionLimit?: number,
 *   originalScore?: number, minScoreRate?: number, difficulty?: number, containerImage?: string,
 *   exposePort?: number, memoryLimit?: number, cpuCount?: number, storageLimit?: number, networkMode?: string,
 *   enableTrafficCapture?: boolean, flagTemplate?: string, disableBloodBonus?: boolean, deadlineUtc?: number,
 *   releaseUtc?: number, phase?: string | null, phaseId?: number | null,
 *   healthCheck?: import('./health-check.js').DesiredHealthCheck | null,
 *   lockedHints?: import('./scoring-fields.js').DesiredHint[],
 *   prerequisites?: import('./scoring-fields.js').DesiredPrerequisites | null,
 *   services?: import('./services-fields.js').ApiService[]
 * }} Desired
 * @typedef {{ file: string, field: string, message: string }} Note
 * @typedef {{ file: string, line: number, column: number, field: string, message: string }} Problem
 */

/** @param {string} text */
export function mapCategory(text) {
  const exact = CATEGORIES.find((category) => category.toLowerCase() === text.trim().toLowerCase());
  return exact ?? CATEGORY_ALIASES[text.trim().toLowerCase()];
}

/**
 * Flagpole's score falls exponentially, min + (original − min)·e^((1−n)/difficulty), and never quite reaches the
 * minimum; CTFd's and noCTF's curves reach it after `decay` solves. The difficulty chosen puts Flagpole's score
 * within 5 % of the minimum at that solve.
 * @param {number} decay
 */
export const difficultyForDecay = (decay) =>
  Math.min(1000, Math.max(0.1, Math.round(((decay - 1) / Math.log(20)) * 100) / 100));

/** @param {Buffer} bytes */
export const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

/**
 * @param {import('./load.js').LoadedFile} loaded
 * @returns {{ desired?: Desired, notes: Note[], problems: Problem[] }}
 */
export function toDesired(loaded) {
  return loaded.format === 'noctf' ? fromNoctf(loaded) : fromCtfcli(loaded);
}

/** @param {import('./load.js').LoadedFile} loaded */
function context(loaded) {
  /** @type {Note[]} */
  const notes = [];
  /** @type {Problem[]} */
  const problems = [];
  return {
    notes,
    problems,
    /** @param {string} field @param {string} message */
    note: (field, message) => notes.push({ file: loaded.file, field, message }),
    /** @param {(string|number)[]} field @param {string} message */
    problem: (field, message) =>
      problems.push({ file: loaded.file, ...loaded.locate(field), field: field.join('.'), message }),
  };
}

/** @param {import('./load.js').LoadedFile} loaded */
function fromCtfcli(loaded) {
  const d = loaded.data;
  const c = context(loaded);
  const fp = d.flagpole ?? {};
  const container = fp.container ?? {};

  let category = fp.category;
  if (!category) {
    category = d.category === undefined ? 'Misc' : mapCategory(String(d.category));
    if (!category) {
      category = 'Misc';
      c.note('category', `"${d.category}" is not a Flagpole category: Misc (set flagpole.category to choose)`);
    } else if (String(d.category).trim().toLowerCase() !== category.toLowerCase()) {
      c.note('category', `"${d.category}" mapped to ${category}`);
    }
  }

  let image = container.image;
  if (!image && typeof d.image === 'string' && d.image.trim() !== '') {
    if (d.image.trim() === '.') {
      c.note(
        'image',
        '"." (a local Dockerfile) is not built by Flagpole: build and push it, then set flagpole.container.image',
      );
    } else image = d.image.trim();
  }
  const type = fp.type ?? (image ? 'StaticContainer' : 'StaticAttachment');

  /** @type {Desired} */
  const desired = {
    title: d.name,
    category,
    type,
    content: d.description ?? '',
    ...hintsOfCtfcli(d.hints, c.note),
    prerequisites: prerequisitesOfCtfcli(d.requirements, fp.requirements, c.note),
    flags: (d.flags ?? []).map((/** @type {any} */ flag) => {
      if (typeof flag === 'string') return { flag, matchType: 'Exact' };
      const regex = flag.type === 'regex';
      const ignoreCase = flag.data === 'case_insensitive';
      return {
        flag: flag.content,
        matchType: regex ? (ignoreCase ? 'RegexIgnoreCase' : 'Regex') : ignoreCase ? 'IgnoreCase' : 'Exact',
      };
    }),
    attachment: attachmentOf(loaded, d.files?.[0], ['files', 0], c),
  };
  if (desired.attachment?.kind === 'local') desired.fileName = fp.file_name ?? path.basename(desired.attachment.path);
  else if (fp.file_name) desired.fileName = fp.file_name;

  scoringFromCtfcli(d, fp, desired, c);
  if (d.attempts !== undefined) desired.submissionLimit = d.attempts;
  if (d.state !== undefined) desired.isEnabled = d.state === 'visible';
  containerFields(container, image, desired);
  flagpoleFields(fp, desired);
  typeRules(desired, c);

  for (const field of [
    'author',
    'attribution',
    'connection_info',
    'tags',
    'topics',
    'next',
    'protocol',
    'host',
    'solution',
    'logic',
    'version',
  ]) {
    if (d[field] !== undefined && d[field] !== null && field !== 'version')
      c.note(field, 'no Flagpole counterpart: skipped');
  }
  const healthCheck = healthCheckOf(loaded, c);
  if (healthCheck !== undefined) desired.healthCheck = healthCheck;
  // ctfcli's scheduled release; flagpole.release (read in flagpoleFields) wins when both are given.
  if (d.scheduled_at !== undefined && fp.release === undefined) desired.releaseUtc = releaseOf(d.scheduled_at);
  return { desired, notes: c.notes, problems: c.problems };
}

/**
 * @param {Record<string, any>} d @param {Record<string, any>} fp @param {Desired} desired
 * @param {ReturnType<typeof context>} c
 */
function scoringFromCtfcli(d, fp, desired, c) {
  const extra = d.extra ?? {};
  if (d.type === 'dynamic') {
    const initial = extra.initial ?? d.value;
    if (initial !== undefined) desired.originalScore = initial;
    if (initial && extra.minimum !== undefined) desired.minScoreRate = Math.min(1, extra.minimum / initial);
    if (extra.decay !== undefined) {
      desired.difficulty = difficultyForDecay(extra.decay);
      const shape = extra.function === 'linear' ? 'linear' : 'parabolic';
      c.note(
        'extra.decay',
        `${shape} decay to the minimum after ${extra.decay} solves mapped to difficulty ${desired.difficulty} ` +
          "(Flagpole's exponential curve is within 5 % of the minimum then)",
      );
    }
  } else {
    if (d.value !== undefined) desired.originalScore = d.value;
    if (d.type !== undefined) {
      // A fixed value: the minimum is the value itself.
      desired.minScoreRate = 1;
      if (d.type !== 'standard') c.note('type', `"${d.type}" is not a ctfcli type Flagpole knows: scored as standard`);
    }
  }
  if (fp.min_score_rate !== undefined) desired.minScoreRate = fp.min_score_rate;
  if (fp.difficulty !== undefined) desired.difficulty = fp.difficulty;
}

/** @param {Record<string, any>} container @param {string | undefined} image @param {Desired} desired */
function containerFields(container, image, desired) {
  if (image) desired.containerImage = image;
  if (container.port !== undefined) desired.exposePort = container.port;
  if (container.memory !== undefined) desired.memoryLimit = container.memory;
  if (container.cpus !== undefined) desired.cpuCount = container.cpus;
  if (container.storage !== undefined) desired.storageLimit = container.storage;
  if (container.network !== undefined) desired.networkMode = container.network;
  if (container.traffic_capture !== undefined) desired.enableTrafficCapture = container.traffic_capture;
  if (container.services !== undefined) desired.services = servicesOfFile(container.services);
}

/** @param {Record<string, any>} fp @param {Desired} desired */
function flagpoleFields(fp, desired) {
  if (fp.flag_template !== undefined) desired.flagTemplate = fp.flag_template;
  if (fp.blood_bonus !== undefined) desired.disableBloodBonus = !fp.blood_bonus;
  if (fp.deadline !== undefined) desired.deadlineUtc = fp.deadline === null ? 0 : Date.parse(fp.deadline);
  if (fp.release !== undefined) desired.releaseUtc = releaseOf(fp.release);
  // A phase title; `planSync` maps it to the game's phase of that title (`phaseId`).
  if (fp.phase !== undefined) desired.phase = fp.phase;
}

/**
 * A release time (ISO 8601, checked by the schema) as the server's `releaseUtc`; null clears it (the server's 0).
 * @param {string | null} value
 */
function releaseOf(value) {
  return value === null ? 0 : Date.parse(value);
}

/** What each of the four challenge types can hold. @param {Desired} desired @param {ReturnType<typeof context>} c */
function typeRules(desired, c) {
  const isContainer = desired.type.endsWith('Container');
  if (desired.type === 'DynamicContainer' && desired.flags.length > 0) {
    c.problem(
      ['flags'],
      'a DynamicContainer challenge has no fixed flags (its flags come from flagpole.flag_template)',
    );
  }
  if (desired.type === 'DynamicAttachment' && desired.attachment) {
    c.problem(['files'], 'a DynamicAttachment challenge has one attachment per flag, not one for the challenge');
  }
  if (!isContainer && desired.containerImage) {
    c.problem(['flagpole', 'type'], `${desired.type} has no container: use StaticContainer or DynamicContainer`);
  }
}

/**
 * @param {import('./load.js').LoadedFile} loaded
 * @param {string | { url: string } | undefined} entry
 * @param {(string|number)[]} field
 * @param {ReturnType<typeof context>} c
 * @returns {DesiredAttachment}
 */
function attachmentOf(loaded, entry, field, c) {
  if (entry === undefined) return null;
  const target = typeof entry === 'string' ? entry : entry.url;
  if (/^https?:\/\//.test(target)) return { kind: 'remote', url: target };
  const absolute = path.resolve(loaded.dir, target);
  if (!existsSync(absolute)) {
    c.problem(field, `file not found: ${path.join(loaded.dir, target)}`);
    return null;
  }
  const bytes = readFileSync(absolute);
  return { kind: 'local', path: absolute, hash: sha256(bytes), size: bytes.length };
}

/** @param {import('./load.js').LoadedFile} loaded */
function fromNoctf(loaded) {
  const d = loaded.data;
  const c = context(loaded);
  const fp = d.flagpole ?? {};
  const container = fp.container ?? {};
  let category = fp.category;
  if (!category) {
    const first = String(d.categories[0]);
    category = mapCategory(first);
    if (!category) {
      category = 'Misc';
      c.note('categories', `"${first}" is not a Flagpole category: Misc (set flagpole.category to choose)`);
    }
    if (d.categories.length > 1) c.note('categories', `Flagpole keeps one category: ${category} (from "${first}")`);
  }
  const image = container.image;
  /** @type {Desired} */
  const desired = {
    title: d.title,
    category,
    type: fp.type ?? (image ? 'StaticContainer' : 'StaticAttachment'),
    content: d.description,
    hints: (d.hints ?? []).map((/** @type {any} */ hint, /** @type {number} */ index) => {
      if (hint.title) c.note(`hints.${index}.title`, 'hint title skipped (Flagpole hints are one text each)');
      return hint.description;
    }),
    flags: (d.flags ?? []).map((/** @type {any} */ flag) => {
      if (typeof flag === 'string') return { flag, matchType: 'Exact' };
      /** @type {Record<string, DesiredFlag['matchType']>} */
      const match = {
        case_sensitive: 'Exact',
        case_insensitive: 'IgnoreCase',
        regex_sensitive: 'Regex',
        regex_insensitive: 'RegexIgnoreCase',
      };
      return { flag: flag.data, matchType: match[flag.strategy ?? 'case_sensitive'] ?? 'Exact' };
    }),
    attachment: attachmentOf(loaded, d.files?.[0], ['files', 0], c),
  };
  if (desired.attachment?.kind === 'local') desired.fileName = fp.file_name ?? path.basename(desired.attachment.path);
  if (d.hidden !== undefined) desired.isEnabled = !d.hidden;
  scoringFromNoctf(d.scoring, desired, c);
  if (fp.min_score_rate !== undefined) desired.minScoreRate = fp.min_score_rate;
  if (fp.difficulty !== undefined) desired.difficulty = fp.difficulty;
  containerFields(container, image, desired);
  flagpoleFields(fp, desired);
  typeRules(desired, c);
  for (const field of ['difficulty', 'tags', 'solve', 'connection_info']) {
    if (d[field] !== undefined && d[field] !== null) c.note(field, 'no Flagpole counterpart: skipped');
  }
  if (d.visible_at) c.note('visible_at', 'Flagpole has no release time per challenge: skipped');
  const healthCheck = healthCheckOf(loaded, c);
  if (healthCheck !== undefined) desired.healthCheck = healthCheck;
  return { desired, notes: c.notes, problems: c.problems };
}

/**
 * noCTF's strategies: `static` {base}; `quadratic` {base (minimum), top, decay} as CTFd's; `exponential`
 * {base, top, k, j}.
 * @param {Record<string, any> | undefined} scoring @param {Desired} desired @param {ReturnType<typeof context>} c
 */
function scoringFromNoctf(scoring, desired, c) {
  if (!scoring) return;
  const params = scoring.params ?? {};
  if (scoring.strategy === 'static' && typeof params.base === 'number') {
    desired.originalScore = params.base;
    desired.minScoreRate = 1;
  } else if (
    (scoring.strategy === 'quadratic' || scoring.strategy === 'exponential') &&
    typeof params.top === 'number'
  ) {
    desired.originalScore = params.top;
    if (typeof params.base === 'number') desired.minScoreRate = Math.min(1, params.base / params.top);
    const decay = scoring.strategy === 'quadratic' ? params.decay : params.k;
    if (typeof decay === 'number') {
      desired.difficulty = scoring.strategy === 'quadratic' ? difficultyForDecay(decay) : Math.max(0.1, decay);
      c.note(
        'scoring',
        `${scoring.strategy} curve mapped to Flagpole's exponential one, difficulty ${desired.difficulty}`,
      );
    }
  } else {
    c.note('scoring', `strategy "${scoring.strategy}" has no Flagpole counterpart: skipped`);
  }
  if (Array.isArray(scoring.bonus)) {
    desired.disableBloodBonus = !scoring.bonus.some((points) => points > 0);
    c.note('scoring.bonus', "point values skipped: Flagpole's blood bonus is the game's; this switches it on or off");
  }
}

/**
 * Names used by more than one file: challenges are matched by name, so each must be unique. Reported at the
 * second file's name field.
 * @param {{ loaded: import('./load.js').LoadedFile, desired: Desired }[]} mapped
 * @returns {Problem[]}
 */
export function duplicateNames(mapped) {
  /** @type {Map<string, string>} */
  const seen = new Map();
  /** @type {Problem[]} */
  const problems = [];
  for (const { loaded, desired } of mapped) {
    const other = seen.get(desired.title);
    const field = loaded.format === 'noctf' ? 'title' : 'name';
    if (other) {
      const message = `"${desired.title}" is also the name in ${other}: names must be unique`;
      problems.push({ file: loaded.file, ...loaded.locate([field]), field, message });
    } else seen.set(desired.title, loaded.file);
  }
  return problems;
}
