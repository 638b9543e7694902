// @ts-check
// Compares what the folder asks for with what the game holds and lists, challenge by challenge, what a sync
// would do. Nothing here calls the server: `readGame` fetches the state once, `planSync` is pure.
import { healthKey } from './health-check.js';
import { diffHints, prerequisitesByTitle, prerequisitesKey } from './scoring-fields.js';
import { servicesKey } from './services-fields.js';

/**
 * @typedef {import('./desired.js').Desired} Desired
 * @typedef {import('./desired.js').Note} Note
 * @typedef {import('./remote.js').RemoteChallenge} RemoteChallenge
 * @typedef {{ field: string, from: unknown, to: unknown }} Change
 * @typedef {{ id: number, flag: string, matchType: string }} FlagRef
 * @typedef {{ kind: 'upload', path: string, hash: string, size: number } | { kind: 'remote', url: string } | { kind: 'clear' }} AttachmentStep
 * @typedef {{
 *   action: 'create' | 'update' | 'unchanged' | 'delete' | 'keep', title: string, file?: string, id?: number,
 *   desired?: Desired, changes: Change[], addFlags: { flag: string, matchType: string }[], removeFlags: FlagRef[],
 *   attachment?: AttachmentStep, solves?: number,
 *   addHints?: import('./scoring-fields.js').DesiredHint[], removeHints?: { id: number, title: string }[]
 * }} Step
 * @typedef {{ file: string, desired: Desired }} Wanted
 * @typedef {{ steps: Step[], notes: Note[], errors: { file: string, field: string, message: string }[] }} Plan
 */

/** Fields compared one to one; the remote model uses the same names. */
const SCALARS = /** @type {const} */ ([
  'category',
  'content',
  'submissionLimit',
  'originalScore',
  'minScoreRate',
  'difficulty',
  'containerImage',
  'exposePort',
  'memoryLimit',
  'cpuCount',
  'storageLimit',
  'networkMode',
  'enableTrafficCapture',
  'flagTemplate',
  'disableBloodBonus',
  'deadlineUtc',
  'releaseUtc',
  'fileName',
  'isEnabled',
  'phaseId',
]);

/** The server's "none" for fields a file clears: an empty template, a deadline of 0. @param {string} field @param {unknown} value */
function normalise(field, value) {
  if (field === 'flagTemplate') return value ?? '';
  if (field === 'deadlineUtc' || field === 'releaseUtc') return value ?? 0;
  if (field === 'phaseId') return value ?? null;
  if (field === 'minScoreRate' || field === 'difficulty')
    return typeof value === 'number' ? Math.round(value * 1e6) / 1e6 : value;
  return value;
}

const flagKey = (/** @type {{ flag: string, matchType: string }} */ f) => `${f.matchType}\u0000${f.flag}`;

/** The SHA-256 a local attachment's URL carries (`/assets/<hash>/<name>`). @param {string | null} url */
export const hashOfAssetUrl = (url) => /\/assets\/([0-9a-f]{64})\//.exec(url ?? '')?.[1];

/**
 * @param {Desired} desired
 * @param {RemoteChallenge | undefined} current undefined for a challenge to create
 * @param {Map<number, string>} [titleOf] the game's challenge titles by id, for prerequisites
 * @returns {Pick<Step, 'changes' | 'addFlags' | 'removeFlags' | 'attachment' | 'addHints' | 'removeHints'>}
 */
export function diffChallenge(desired, current, titleOf = new Map()) {
  /** @type {Change[]} */
  const changes = [];
  if (!current || desired.category !== current.category)
    changes.push({ field: 'category', from: current?.category, to: desired.category });
  if (!current || desired.content !== current.content)
    changes.push({ field: 'content', from: current?.content, to: desired.content });
  if (!current || JSON.stringify(desired.hints) !== JSON.stringify(current.hints)) {
    changes.push({ field: 'hints', from: current?.hints, to: desired.hints });
  }
  for (const field of SCALARS) {
    if (field === 'category' || field === 'content') continue;
    const wanted = desired[field];
    if (wanted === undefined) continue;
    if (field === 'fileName' && desired.attachment?.kind !== 'local') continue;
    const now = current?.[field];
    if (!current || normalise(field, wanted) !== normalise(field, now)) changes.push({ field, from: now, to: wanted });
  }
  // The health check is its own call: compared whole, and only when the file says something about it.
  if (desired.healthCheck !== undefined && healthKey(desired.healthCheck) !== healthKey(current?.healthCheck)) {
    if (current || desired.healthCheck)
      changes.push({ field: 'healthCheck', from: current?.healthCheck ?? null, to: desired.healthCheck });
  }
  // Services are compared whole, and only when the file names them (an empty list returns to the single image).
  if (desired.services !== undefined && servicesKey(desired.services) !== servicesKey(current?.services)) {
    if (current || desired.services.length > 0)
      changes.push({ field: 'services', from: current?.services ?? [], to: desired.services });
  }
  // Prerequisites name challenges by title in the file; set once every challenge exists (applyPlan).
  if (desired.prerequisites !== undefined) {
    const have = prerequisitesByTitle(current?.prerequisites, titleOf);
    if (prerequisitesKey(desired.prerequisites) !== prerequisitesKey(have) && (current || desired.prerequisites))
      changes.push({ field: 'prerequisites', from: have, to: desired.prerequisites });
  }
  const remoteFlags = current?.flags ?? [];
  const wantedKeys = new Set(desired.flags.map(flagKey));
  const haveKeys = new Set(remoteFlags.map(flagKey));
  const addFlags = desired.flags.filter(
    (flag, index) =>
      !haveKeys.has(flagKey(flag)) && desired.flags.findIndex((f) => flagKey(f) === flagKey(flag)) === index,
  );
  const removeFlags = remoteFlags
    .filter((flag) => !wantedKeys.has(flagKey(flag)))
    .map(({ id, flag, matchType }) => ({ id, flag, matchType }));

  /** @type {AttachmentStep | undefined} */
  let attachment;
  const have = current?.attachment ?? null;
  const wanted = desired.attachment;
  if (wanted?.kind === 'local') {
    if (have?.type !== 'Local' || hashOfAssetUrl(have.url) !== wanted.hash)
      attachment = { kind: 'upload', path: wanted.path, hash: wanted.hash, size: wanted.size };
  } else if (wanted?.kind === 'remote') {
    if (have?.type !== 'Remote' || have.url !== wanted.url) attachment = { kind: 'remote', url: wanted.url };
  } else if (have && desired.type !== 'DynamicAttachment') attachment = { kind: 'clear' };
  return { changes, addFlags, removeFlags, attachment, ...diffHints(desired.lockedHints, current?.lockedHints) };
}

/**
 * @param {Wanted[]} wanted every challenge of the folder
 * @param {RemoteChallenge[]} remote every challenge of the game, in detail
 * @param {{ prune: boolean, phases?: { id: number, title: string }[] }} options `phases`: the game's phases, for
 *   `flagpole.phase` titles
 * @returns {Plan}
 */
export function planSync(wanted, remote, options) {
  /** @type {Plan} */
  const plan = { steps: [], notes: [], errors: [] };
  /** @type {Map<string, string>} */
  const seen = new Map();
  const matched = new Set();
  const titleOf = new Map(remote.map((challenge) => [challenge.id, challenge.title]));
  for (const { file, desired } of wanted) {
    const other = seen.get(desired.title);
    if (other) {
      plan.errors.push({
        file,
        field: 'name',
        message: `"${desired.title}" is also the name in ${other}: names must be unique`,
      });
      continue;
    }
    seen.set(desired.title, file);
    const current = remote.find((challenge) => challenge.title === desired.title && !matched.has(challenge.id));
    if (current) matched.add(current.id);
    if (current && current.type !== desired.type) {
      plan.errors.push({
        file,
        field: 'flagpole.type',
        message: `"${desired.title}" is ${current.type} on the server and ${desired.type} here: a type cannot change in place (delete the challenge on the server, or rename it here)`,
      });
      continue;
    }
    const phaseId = phaseIdOf(desired, options.phases ?? []);
    if (phaseId === undefined) {
      plan.errors.push({
        file,
        field: 'flagpole.phase',
        message: `the game has no phase titled "${desired.phase}" (add it on the game's page first)`,
      });
      continue;
    }
    if (phaseId !== false) desired.phaseId = phaseId;
    const diff = diffChallenge(desired, current, titleOf);
    const hintChanges = (diff.addHints?.length ?? 0) + (diff.removeHints?.length ?? 0);
    const changed =
      diff.changes.length + diff.addFlags.length + diff.removeFlags.length + hintChanges > 0 ||
      diff.attachment !== undefined;
    if (!current && desired.isEnabled === undefined) {
      plan.notes.push({ file, field: 'state', message: 'not given: created hidden (state: visible enables it)' });
    }
    plan.steps.push({
      action: current ? (changed ? 'update' : 'unchanged') : 'create',
      title: desired.title,
      file,
      id: current?.id,
      desired,
      solves: current?.acceptedCount,
      ...diff,
    });
  }
  const known = new Set([...seen.keys(), ...remote.map((challenge) => challenge.title)]);
  for (const { file, desired } of wanted) {
    const unknown = desired.prerequisites?.titles.find((title) => !known.has(title));
    if (unknown !== undefined) {
      plan.errors.push({ file, field: 'requirements', message: `no challenge is named "${unknown}"` });
    }
  }
  for (const challenge of remote) {
    if (matched.has(challenge.id)) continue;
    plan.steps.push({
      action: options.prune ? 'delete' : 'keep',
      title: challenge.title,
      id: challenge.id,
      solves: challenge.acceptedCount,
      changes: [],
      addFlags: [],
      removeFlags: [],
    });
  }
  return plan;
}

/**
 * The id of the game phase `desired.phase` names: null for none, false when the file does not say, undefined when
 * the game has no phase of that title.
 * @param {Desired} desired @param {{ id: number, title: string }[]} phases
 * @returns {number | null | false | undefined}
 */
function phaseIdOf(desired, phases) {
  if (desired.phase === undefined) return false;
  if (desired.phase === null) return null;
  return phases.find((phase) => phase.title === desired.phase)?.id;
}

/** @param {Plan} plan */
export const hasChanges = (plan) =>
  plan.steps.some((step) => step.action === 'create' || step.action === 'update' || step.action === 'delete');

/** @param {Plan} plan */
export function summarise(plan) {
  /** @type {Record<Step['action'], number>} */
  const counts = { create: 0, update: 0, unchanged: 0, delete: 0, keep: 0 };
  for (const step of plan.steps) counts[step.action]++;
  return counts;
}
