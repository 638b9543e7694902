// @ts-check
// Carries out a plan, challenge by challenge, in an order that leaves the game consistent if it stops
// half-way: each step is one API call that a rerun either finds done (the plan no longer lists it) or does.

/**
 * @typedef {import('./plan.js').Plan} Plan
 * @typedef {import('./plan.js').Step} Step
 * @typedef {import('./remote.js').Client} Client
 */

/** Every challenge of a game with its details (flags, attachment, limits). @param {Client} client @param {number} game */
export async function readGame(client, game) {
  const summaries = await client.challenges(game);
  const details = [];
  for (const summary of summaries) {
    const detail = await client.challenge(game, summary.id);
    details.push({
      ...detail,
      healthCheck: await client.healthCheck(game, summary.id),
      lockedHints: await client.hints(game, summary.id),
    });
  }
  return details;
}

/** The file field each API field comes from, for messages. @type {Record<string, string>} */
const FILE_FIELDS = {
  content: 'description',
  originalScore: 'value',
  submissionLimit: 'attempts',
  minScoreRate: 'flagpole.min_score_rate',
  difficulty: 'flagpole.difficulty',
  containerImage: 'flagpole.container.image',
  exposePort: 'flagpole.container.port',
  memoryLimit: 'flagpole.container.memory',
  cpuCount: 'flagpole.container.cpus',
  storageLimit: 'flagpole.container.storage',
  networkMode: 'flagpole.container.network',
  enableTrafficCapture: 'flagpole.container.traffic_capture',
  flagTemplate: 'flagpole.flag_template',
  disableBloodBonus: 'flagpole.blood_bonus',
  deadlineUtc: 'flagpole.deadline',
  releaseUtc: 'flagpole.release',
  phaseId: 'flagpole.phase',
  fileName: 'flagpole.file_name',
  healthCheck: 'flagpole.healthcheck',
  prerequisites: 'requirements',
  services: 'flagpole.container.services',
};

/**
 * The update body for a step's field changes, without `isEnabled` (set last, once flags are in place).
 * @param {Step} step
 */
function updateBody(step) {
  /** @type {Record<string, unknown>} */
  const body = {};
  for (const change of step.changes) {
    if (change.field === 'isEnabled' || change.field === 'healthCheck' || change.field === 'prerequisites') continue;
    body[change.field] = change.to;
  }
  return body;
}

/**
 * @param {Client} client
 * @param {number} game
 * @param {Plan} plan
 * @param {(message: string) => void} progress
 */
export async function applyPlan(client, game, plan, progress) {
  const uploaded = new Map();
  /** Every challenge's id by title, the new ones included, for prerequisites. @type {Map<string, number>} */
  const idOf = new Map();
  for (const step of plan.steps) if (step.id !== undefined && step.action !== 'delete') idOf.set(step.title, step.id);
  /** @param {Step} step @param {{ field: string }} doing @param {() => Promise<void>} work */
  const attempt = async (step, doing, work) => {
    try {
      await work();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const where = step.file ? `${step.file}: ${doing.field}` : `"${step.title}" (#${step.id})`;
      throw new Error(`${where}: ${message} (challenges before this one are done; run the sync again once fixed)`);
    }
  };
  for (const step of plan.steps) {
    if (step.action === 'unchanged' || step.action === 'keep') continue;
    /** What is being done, for an error message that names the file and field. */
    const doing = { field: 'name' };
    await attempt(step, doing, async () => {
      const id = await applyStep(client, game, step, progress, uploaded, doing);
      if (id !== undefined) idOf.set(step.title, id);
    });
  }
  // Prerequisites last: they may name challenges this sync created.
  for (const step of plan.steps) {
    const change = step.changes.find((c) => c.field === 'prerequisites');
    const id = idOf.get(step.title);
    if (!change || id === undefined) continue;
    const rule = /** @type {import('./scoring-fields.js').DesiredPrerequisites | null} */ (change.to);
    const prerequisites = rule
      ? { challengeIds: rule.titles.map((title) => idOf.get(title)), count: rule.count, hidden: rule.hidden }
      : { challengeIds: [] };
    progress(`setting the prerequisites of "${step.title}"`);
    await attempt(step, { field: 'requirements' }, async () => {
      await client.updateChallenge(game, id, { prerequisites });
    });
  }
}

/**
 * @param {Client} client @param {number} game @param {Step} step @param {(message: string) => void} progress
 * @param {Map<string, string>} uploaded @param {{ field: string }} doing
 * @returns {Promise<number | undefined>} the challenge's id (undefined once deleted)
 */
async function applyStep(client, game, step, progress, uploaded, doing) {
  if (step.action === 'delete') {
    progress(`deleting "${step.title}"`);
    await client.deleteChallenge(game, /** @type {number} */ (step.id));
    return undefined;
  }
  const desired = /** @type {import('./desired.js').Desired} */ (step.desired);
  let id = step.id;
  if (id === undefined) {
    progress(`creating "${step.title}"`);
    id = (await client.createChallenge(game, { title: desired.title, category: desired.category, type: desired.type }))
      .id;
  }
  const enable = step.changes.find((change) => change.field === 'isEnabled');
  // Disabling comes first, so players never see a half-updated challenge; enabling comes last, once it has its flags.
  doing.field = 'state';
  if (enable?.to === false) await client.updateChallenge(game, id, { isEnabled: false });
  const body = updateBody(step);
  doing.field = Object.keys(body)
    .map((field) => FILE_FIELDS[field] ?? field)
    .join(', ');
  if (Object.keys(body).length > 0) {
    progress(`updating "${step.title}": ${Object.keys(body).join(', ')}`);
    await client.updateChallenge(game, id, body);
  }
  doing.field = 'flags';
  if (step.addFlags.length > 0) {
    progress(`adding ${step.addFlags.length} flag(s) to "${step.title}"`);
    await client.addFlags(game, id, step.addFlags);
  }
  const attachment = step.attachment;
  doing.field = 'files';
  if (attachment?.kind === 'upload') {
    let hash = uploaded.get(attachment.hash);
    if (!hash) {
      progress(`uploading ${attachment.path} (${formatSize(attachment.size)})`);
      hash = (await client.upload(attachment.path)).hash;
      uploaded.set(attachment.hash, hash);
    }
    await client.setAttachment(game, id, { attachmentType: 'Local', fileHash: hash });
  } else if (attachment?.kind === 'remote') {
    await client.setAttachment(game, id, { attachmentType: 'Remote', remoteUrl: attachment.url });
  } else if (attachment?.kind === 'clear') {
    await client.setAttachment(game, id, { attachmentType: 'None' });
  }
  // Old flags go after the new ones are in, so a challenge being edited never runs without a flag.
  doing.field = 'flags';
  for (const flag of step.removeFlags) await client.deleteFlag(game, id, flag.id);
  doing.field = 'hints';
  for (const hint of step.removeHints ?? []) await client.deleteHint(game, id, hint.id);
  for (const hint of step.addHints ?? []) {
    progress(`adding the hint "${hint.title}" to "${step.title}"`);
    await client.addHint(game, id, hint);
  }
  const health = step.changes.find((change) => change.field === 'healthCheck');
  doing.field = 'flagpole.healthcheck';
  if (health) {
    progress(`${health.to ? 'setting' : 'removing'} the health check of "${step.title}"`);
    await client.setHealthCheck(game, id, /** @type {any} */ (health.to));
  }
  doing.field = 'state';
  if (enable?.to === true) {
    progress(`enabling "${step.title}"`);
    await client.updateChallenge(game, id, { isEnabled: true });
  }
  return id;
}

/** @param {number} bytes */
export function formatSize(bytes) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
