// @ts-check
// Writes a game's challenges as a folder of challenge.yml files (ctfcli's fields plus the `flagpole` block)
// that `flagpole sync` reads back as unchanged.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stringify } from 'yaml';
import { healthCheckFields } from './health-check.js';
import { hashOfAssetUrl } from './plan.js';
import { prerequisitesByTitle, scoringYaml } from './scoring-fields.js';
import { servicesToFile } from './services-fields.js';

/** A folder name from a title: lower case letters, digits and dashes. @param {string} title */
export function slugOf(title) {
  const slug = title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'challenge';
}

/**
 * @param {import('./remote.js').RemoteChallenge} challenge
 * @param {import('./remote.js').RemotePhase[]} [phases] the game's phases: the challenge's is written by title
 * @param {Map<number, string>} [titleOf] the game's challenge titles by id: prerequisites are written by title
 * @returns {Record<string, unknown>}
 */
export function toChallengeYaml(challenge, phases = [], titleOf = new Map()) {
  const isContainer = challenge.type.endsWith('Container');
  /** @type {Record<string, unknown>} */
  const container = {};
  if (isContainer) {
    if (challenge.containerImage) container.image = challenge.containerImage;
    if (challenge.exposePort != null) container.port = challenge.exposePort;
    if (challenge.memoryLimit != null) container.memory = challenge.memoryLimit;
    if (challenge.cpuCount != null) container.cpus = challenge.cpuCount;
    if (challenge.storageLimit != null) container.storage = challenge.storageLimit;
    if (challenge.networkMode != null) container.network = challenge.networkMode;
    if (challenge.enableTrafficCapture != null) container.traffic_capture = challenge.enableTrafficCapture;
    if (challenge.services?.length) container.services = servicesToFile(challenge.services);
  }
  /** @type {Record<string, unknown>} */
  const flagpole = { category: challenge.category, type: challenge.type };
  if (Object.keys(container).length > 0) flagpole.container = container;
  if (challenge.flagTemplate) flagpole.flag_template = challenge.flagTemplate;
  if (challenge.disableBloodBonus != null) flagpole.blood_bonus = !challenge.disableBloodBonus;
  if (challenge.deadlineUtc != null) flagpole.deadline = new Date(challenge.deadlineUtc).toISOString();
  if (challenge.releaseUtc != null) flagpole.release = new Date(challenge.releaseUtc).toISOString();
  flagpole.difficulty = challenge.difficulty;
  flagpole.min_score_rate = challenge.minScoreRate;
  if (challenge.attachment?.type === 'Local' && challenge.fileName) flagpole.file_name = challenge.fileName;
  const phase = phases.find((p) => p.id === challenge.phaseId);
  if (phase) flagpole.phase = phase.title;
  const scoring = scoringYaml(challenge.lockedHints ?? [], prerequisitesByTitle(challenge.prerequisites, titleOf));
  if (scoring.extension) flagpole.requirements = scoring.extension;
  return {
    version: '0.1',
    name: challenge.title,
    category: challenge.category,
    description: challenge.content,
    value: challenge.originalScore,
    attempts: challenge.submissionLimit,
    state: challenge.isEnabled ? 'visible' : 'hidden',
    flags: challenge.flags.map((flag) => ({
      type: flag.matchType.startsWith('Regex') ? 'regex' : 'static',
      content: flag.flag,
      data:
        flag.matchType === 'IgnoreCase' || flag.matchType === 'RegexIgnoreCase' ? 'case_insensitive' : 'case_sensitive',
    })),
    hints: [...challenge.hints, ...scoring.hints],
    ...(scoring.requirements ? { requirements: scoring.requirements } : {}),
    flagpole,
  };
}

/**
 * @param {import('./remote.js').Client} client
 * @param {import('./remote.js').RemoteChallenge[]} challenges
 * @param {string} dir
 * @param {(message: string) => void} progress
 * @param {import('./remote.js').RemotePhase[]} [phases]
 */
export async function exportGame(client, challenges, dir, progress, phases = []) {
  const used = new Set();
  const written = [];
  const titleOf = new Map(challenges.map((challenge) => [challenge.id, challenge.title]));
  for (const challenge of challenges) {
    let slug = slugOf(challenge.title);
    for (let n = 2; used.has(slug); n++) slug = `${slugOf(challenge.title)}-${n}`;
    used.add(slug);
    const folder = path.join(dir, slug);
    mkdirSync(folder, { recursive: true });
    const yaml = toChallengeYaml(challenge, phases, titleOf);
    const attachment = challenge.attachment;
    if (attachment?.type === 'Local' && attachment.url && hashOfAssetUrl(attachment.url)) {
      const name = path.basename(decodeURIComponent(attachment.url.split('/').pop() ?? 'attachment'));
      progress(`downloading ${name} of "${challenge.title}"`);
      mkdirSync(path.join(folder, 'files'), { recursive: true });
      writeFileSync(path.join(folder, 'files', name), await client.download(attachment.url));
      yaml.files = [`files/${name}`];
    } else if (attachment?.type === 'Remote' && attachment.url) {
      yaml.files = [attachment.url];
    }
    if (challenge.healthCheck) {
      const { file, block } = healthCheckFields(challenge.healthCheck);
      writeFileSync(path.join(folder, file), challenge.healthCheck.script);
      yaml.healthcheck = file;
      /** @type {Record<string, unknown>} */ (yaml.flagpole).healthcheck = block;
    }
    const file = path.join(folder, 'challenge.yml');
    writeFileSync(file, stringify(yaml, { lineWidth: 0 }));
    written.push(file);
  }
  return written;
}
