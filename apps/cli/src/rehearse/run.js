// @ts-check
// `flagpole rehearse`: mints a rehearsal run with the admin token, brings N teams in over a ramp through the real
// endpoints (register, sign in, create a team, join the game), plays for M minutes (challenge list, attachments,
// right and wrong flags, instances of container challenges, the board, the live channel) while reading /metrics,
// then removes the run's accounts.

import { parsePrometheus, sampleFrom } from './metrics.js';
import { Player } from './player.js';
import { createRecorder } from './stats.js';

/**
 * @typedef {{ url: string, token: string, game: number, teams: number, minutes: number, rampSeconds: number,
 *   thinkSeconds: number, metricsToken: string | null, log: (line: string) => void }} RunOptions
 * @typedef {{ id: number, flag: string | null, type: string }} Target
 * @typedef {{ running: Set<number>, started: () => void }} Instances a team's running instances, and the count
 *   of starts the metrics sampler turns into starts per minute
 */

const PASSWORD = 'Rehearsal-pass-1';
const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = (/** @type {any[]} */ items) => items[Math.floor(Math.random() * items.length)];

/** @param {import('../remote.js').Client} client @param {number} game @returns {Promise<Target[]>} */
async function targets(client, game) {
  const list = await client.challenges(game);
  const enabled = list.filter((c) => c.isEnabled);
  // The admin token reads the flags, so players can submit right answers as well as wrong ones.
  const details = await Promise.all(enabled.map((c) => client.challenge(game, c.id)));
  return details.map((d) => ({ id: d.id, type: d.type, flag: d.flags[0]?.flag ?? null }));
}

/**
 * One team: its captain registers and signs in, creates the team, joins the game, then plays until `until`.
 * @param {RunOptions} options @param {Player} player @param {string} name @param {Target[]} challenges
 * @param {number} until @param {AbortSignal} stop @param {(joined: boolean) => void} onJoined
 * @param {() => void} started
 */
async function playTeam(options, player, name, challenges, until, stop, onJoined, started) {
  const { game } = options;
  // Signed out, this answers 401 and sets the XSRF cookie the sign-in must echo, as the web application does.
  await player.call('GET /api/account/profile', 'GET', '/api/account/profile', undefined, [401]);
  const email = `${name}@rehearsal.invalid`;
  const registered = await player.call('POST /api/account/register', 'POST', '/api/account/register', {
    userName: name,
    email,
    password: PASSWORD,
  });
  if (registered.status >= 400) throw new Error(`register: HTTP ${registered.status} ${registered.body?.title ?? ''}`);
  const signedIn = await player.call('POST /api/account/login', 'POST', '/api/account/login', {
    userName: name,
    password: PASSWORD,
  });
  if (signedIn.status >= 400) throw new Error(`sign-in: HTTP ${signedIn.status} ${signedIn.body?.title ?? ''}`);
  const team = await player.call('POST /api/team', 'POST', '/api/team', { name });
  if (team.status >= 400) throw new Error(`team: HTTP ${team.status} ${team.body?.title ?? ''}`);
  const joined = await player.call('POST /api/game/:id', 'POST', `/api/game/${game}`, { teamId: team.body.id });
  if (joined.status >= 400) throw new Error(`join: HTTP ${joined.status} ${joined.body?.title ?? ''}`);
  onJoined(true);
  player.watchLive(game, stop, () => {});
  const solved = new Set();
  const downloaded = new Set();
  /** @type {Instances} */
  const instances = { running: new Set(), started };
  try {
    while (Date.now() < until && !stop.aborted) {
      await player.call('GET /api/game/:id/details', 'GET', `/api/game/${game}/details`);
      const target = challenges.length ? pick(challenges) : null;
      if (target) await playChallenge(player, game, target, solved, downloaded, instances);
      await player.call('GET /api/game/:id/scoreboard', 'GET', `/api/game/${game}/scoreboard`);
      await sleep(options.thinkSeconds * 1000 * (0.5 + Math.random()));
    }
  } finally {
    // Destroyed through the player's API as a team would, so no container outlives the run.
    for (const id of instances.running) await destroyInstance(player, game, id);
  }
}

const CONTAINER_ROUTE = '/api/game/:id/container/:challengeId';

/** @param {Player} player @param {number} game @param {number} challenge */
async function destroyInstance(player, game, challenge) {
  // 400: already gone (expired); 429: under 10 s since the start. Both are the server's normal answers.
  await player.call(
    `DELETE ${CONTAINER_ROUTE}`,
    'DELETE',
    `/api/game/${game}/container/${challenge}`,
    undefined,
    [400, 429],
  );
}

/**
 * A container challenge's instance: started on a team's first visit, used (its details read again, as the page
 * shows the address), destroyed on the next visit. 400 (team limit reached) and 429 (too soon) are expected.
 * @param {Player} player @param {number} game @param {Target} target @param {Instances} instances
 */
async function playInstance(player, game, target, instances) {
  if (instances.running.has(target.id)) {
    instances.running.delete(target.id);
    await destroyInstance(player, game, target.id);
    return;
  }
  const route = `/api/game/${game}/container/${target.id}`;
  const created = await player.call(`POST ${CONTAINER_ROUTE}`, 'POST', route, undefined, [400, 429]);
  if (created.status !== 200) return;
  instances.running.add(target.id);
  instances.started();
  await player.call('GET /api/game/:id/challenges/:challengeId', 'GET', `/api/game/${game}/challenges/${target.id}`);
}

/**
 * @param {Player} player @param {number} game @param {Target} target @param {Set<number>} solved
 * @param {Set<number>} downloaded @param {Instances} instances
 */
async function playChallenge(player, game, target, solved, downloaded, instances) {
  const route = `/api/game/${game}/challenges/${target.id}`;
  const detail = await player.call('GET /api/game/:id/challenges/:challengeId', 'GET', route);
  const url = detail.body?.context?.url;
  if (typeof url === 'string' && !downloaded.has(target.id)) {
    downloaded.add(target.id);
    await player.download('GET attachment', url);
  }
  if (target.type.endsWith('Container')) await playInstance(player, game, target, instances);
  const right = target.flag !== null && !solved.has(target.id) && Math.random() < 0.4;
  const flag = right ? target.flag : `flag{rehearsal-wrong-${Math.random().toString(36).slice(2, 10)}}`;
  const submitted = await player.call('POST /api/game/:id/challenges/:challengeId', 'POST', route, { flag });
  if (typeof submitted.body !== 'number') return;
  if (right) solved.add(target.id);
  await sleep(300);
  await player.call(
    'GET /api/game/:id/challenges/:challengeId/status/:submitId',
    'GET',
    `${route}/status/${submitted.body}`,
  );
}

/**
 * Reads /metrics every `everyMs` until `stop` aborts.
 * @param {RunOptions} options @param {() => number} teams @param {() => number} starts instance starts so far
 * @param {number} start @param {AbortSignal} stop
 */
async function watchMetrics(options, teams, starts, start, stop, everyMs = 2000) {
  /** @type {import('./metrics.js').Sample[]} */
  const samples = [];
  const notes = [];
  if (!options.metricsToken)
    return { samples, notes: ['no metrics token given (--metrics-token): resources not read'] };
  /** @type {{ t: number, cpuSeconds: number | null, starts: number } | null} */
  let previous = null;
  while (!stop.aborted) {
    try {
      const response = await fetch(`${options.url}/metrics`, {
        headers: { Authorization: `Bearer ${options.metricsToken}` },
      });
      if (!response.ok) {
        notes.push(`/metrics answered HTTP ${response.status}`);
        break;
      }
      const t = (Date.now() - start) / 1000;
      const at = { t, teams: teams(), starts: starts() };
      const { sample, cpuSeconds } = sampleFrom(parsePrometheus(await response.text()), at, previous);
      previous = { t, cpuSeconds, starts: at.starts };
      samples.push(sample);
    } catch (error) {
      notes.push(`/metrics unreachable: ${error instanceof Error ? error.message : String(error)}`);
      break;
    }
    await sleep(everyMs);
  }
  return { samples, notes };
}

/**
 * The whole rehearsal. The run's accounts are removed in `finally`, so a failure or Ctrl-C (SIGINT) still cleans
 * up; a killed command leaves them to the server's sweep when the run's lease ends.
 * @param {RunOptions} options @param {import('../remote.js').Client} client @param {AbortSignal} interrupted
 */
export async function rehearse(options, client, interrupted) {
  const run = await client.startRehearsal({
    gameId: options.game,
    minutes: options.minutes,
    rampSeconds: Math.round(options.rampSeconds),
  });
  options.log(
    `rehearsal run ${run.id}: ${options.teams} teams over ${options.rampSeconds} s, then ${options.minutes} min`,
  );
  const recorder = createRecorder();
  const stop = new AbortController();
  interrupted.addEventListener('abort', () => stop.abort(), { once: true });
  const start = Date.now();
  const until = start + (options.rampSeconds + options.minutes * 60) * 1000;
  let joinedTeams = 0;
  let instanceStarts = 0;
  /** @type {string[]} */
  const failures = [];
  try {
    const challenges = await targets(client, options.game);
    const metrics = watchMetrics(
      options,
      () => joinedTeams,
      () => instanceStarts,
      start,
      stop.signal,
    );
    const gap = options.teams > 1 ? (options.rampSeconds * 1000) / (options.teams - 1) : 0;
    const players = [];
    for (let i = 0; i < options.teams && !stop.signal.aborted; i++) {
      const player = new Player(options.url, recorder, { 'X-Flagpole-Rehearsal': run.secret });
      const name = `rh-${run.id.slice(0, 8)}-${i + 1}`;
      players.push(
        playTeam(
          options,
          player,
          name,
          challenges,
          until,
          stop.signal,
          () => {
            joinedTeams += 1;
          },
          () => {
            instanceStarts += 1;
          },
        ).catch((/** @type {Error} */ error) => failures.push(`${name}: ${error.message}`)),
      );
      if (i < options.teams - 1) await sleep(gap);
    }
    await Promise.all(players);
    stop.abort();
    const { samples, notes } = await metrics;
    const seconds = (Date.now() - start) / 1000;
    return { run, recorder, samples, notes, failures, joinedTeams, seconds, start, interrupted: interrupted.aborted };
  } finally {
    stop.abort();
    const removed = await client.finishRehearsal(run.id).catch((/** @type {Error} */ error) => {
      options.log(`could not remove run ${run.id} (${error.message}); the server removes it when its lease ends`);
      return null;
    });
    if (removed) options.log(`removed ${removed.users} rehearsal accounts and ${removed.teams} teams`);
  }
}
