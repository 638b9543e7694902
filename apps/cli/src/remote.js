// @ts-check
// The few calls of Flagpole's HTTP API the command needs, authenticated with an API token
// (`Authorization: Bearer …`, acting with the role of the administrator who issued it).
import { readFileSync } from 'node:fs';
import path from 'node:path';

export class ApiError extends Error {
  /** @param {string} message @param {number} status @param {string} [title] the server's own words, if any */
  constructor(message, status, title) {
    super(message);
    this.status = status;
    this.title = title;
  }
}

/**
 * @typedef {{ id: number, title: string, category: string, type: string, isEnabled: boolean }} ChallengeSummary
 * @typedef {{ id: number, flag: string, matchType: string, attachment: unknown }} RemoteFlag
 * @typedef {{ id: number, type: string, url: string | null, fileSize: number | null }} RemoteAttachment
 * @typedef {{
 *   id: number, title: string, content: string, category: string, type: string, hints: string[],
 *   flagTemplate: string | null, isEnabled: boolean, acceptedCount: number, fileName: string | null,
 *   attachment: RemoteAttachment | null, flags: RemoteFlag[], containerImage: string, memoryLimit: number | null,
 *   cpuCount: number | null, storageLimit: number | null, exposePort: number | null, networkMode: string | null,
 *   enableTrafficCapture: boolean | null, disableBloodBonus: boolean | null, deadlineUtc: number | null,
 *   releaseUtc?: number | null, submissionLimit: number, originalScore: number, minScoreRate: number, difficulty: number,
 *   phaseId?: number | null, healthCheck?: import('./health-check.js').DesiredHealthCheck | null,
 *   prerequisites?: { challengeIds: number[], count: number | null, hidden: boolean } | null,
 *   lockedHints?: import('./scoring-fields.js').RemoteHint[],
 *   services?: import('./services-fields.js').ApiService[]
 * }} RemoteChallenge
 * @typedef {{ id: number, title: string, start: number }} RemotePhase
 * @typedef {{ id: number, title: string, hidden: boolean, start: number, end: number }} RemoteGame
 */

/** @param {{ url: string, token: string }} options */
export function createClient({ url, token }) {
  const base = url.replace(/\/+$/, '');

  /** @param {string} method @param {string} route @param {{ json?: unknown, form?: FormData }} [body] */
  async function call(method, route, body = {}) {
    /** @type {Record<string, string>} */
    const headers = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
    /** @type {BodyInit | undefined} */
    let payload;
    if (body.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body.json);
    } else if (body.form) payload = body.form;
    let response;
    for (let attempt = 1; ; attempt++) {
      try {
        response = await fetch(`${base}${route}`, { method, headers, body: payload });
      } catch (error) {
        const cause = /** @type {{ cause?: { code?: string } }} */ (error).cause?.code ?? String(error);
        throw new ApiError(`cannot reach ${base} (${cause})`, 0);
      }
      // A large repository can outrun the per-user request limit: wait as the server asks, then go on.
      const wait = response.status === 429 && attempt < RATE_LIMIT_ATTEMPTS ? retryAfterSeconds(response) : null;
      if (wait === null) break;
      await response.body?.cancel();
      process.stderr.write(`${method} ${route}: rate limited by the server, retrying in ${wait} s\n`);
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    }
    const text = await response.text();
    if (!response.ok) {
      throw new ApiError(describeFailure(method, route, response.status, text), response.status, titleOf(text));
    }
    return text ? JSON.parse(text) : undefined;
  }

  return {
    base,
    /** @returns {Promise<{ userId: string, userName: string | null, role: string }>} */
    profile: () => call('GET', '/api/account/profile'),
    /** @returns {Promise<RemoteGame[]>} */
    async games() {
      /** @type {RemoteGame[]} */
      const all = [];
      for (let skip = 0; ; skip += 100) {
        const page = await call('GET', `/api/edit/games?count=100&skip=${skip}`);
        all.push(...page.data);
        if (page.data.length < 100 || all.length >= page.total) return all;
      }
    },
    /** @param {number} game @returns {Promise<RemoteGame>} */
    game: (game) => call('GET', `/api/edit/games/${game}`),
    /** The game's phases (docs/game-play.md, "Phases"). @param {number} game @returns {Promise<RemotePhase[]>} */
    phases: (game) => call('GET', `/api/edit/games/${game}/phases`),
    /** @param {number} game @returns {Promise<ChallengeSummary[]>} */
    challenges: (game) => call('GET', `/api/edit/games/${game}/challenges`),
    /** @param {number} game @param {number} id @returns {Promise<RemoteChallenge>} */
    challenge: (game, id) => call('GET', `/api/edit/games/${game}/challenges/${id}`),
    /** @param {number} game @param {{ title: string, category: string, type: string }} body @returns {Promise<RemoteChallenge>} */
    createChallenge: (game, body) => call('POST', `/api/edit/games/${game}/challenges`, { json: body }),
    /** @param {number} game @param {number} id @param {Record<string, unknown>} body @returns {Promise<RemoteChallenge>} */
    updateChallenge: (game, id, body) => call('PUT', `/api/edit/games/${game}/challenges/${id}`, { json: body }),
    /** @param {number} game @param {number} id */
    deleteChallenge: (game, id) => call('DELETE', `/api/edit/games/${game}/challenges/${id}`),
    /** @param {number} game @param {number} id @param {{ flag: string, matchType: string }[]} flags */
    addFlags: (game, id, flags) => call('POST', `/api/edit/games/${game}/challenges/${id}/flags`, { json: flags }),
    /** @param {number} game @param {number} id @param {number} flag */
    deleteFlag: (game, id, flag) => call('DELETE', `/api/edit/games/${game}/challenges/${id}/flags/${flag}`),
    /**
     * The challenge's health check, or null (also from a server without health checks, which answers 404).
     * @param {number} game @param {number} id
     * @returns {Promise<import('./health-check.js').DesiredHealthCheck | null>}
     */
    async healthCheck(game, id) {
      try {
        return (await call('GET', `/api/edit/games/${game}/challenges/${id}/health`)).check;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    /** @param {number} game @param {number} id @param {import('./health-check.js').DesiredHealthCheck | null} check */
    setHealthCheck: (game, id, check) =>
      check
        ? call('PUT', `/api/edit/games/${game}/challenges/${id}/health`, { json: check })
        : call('DELETE', `/api/edit/games/${game}/challenges/${id}/health`),
    /** The challenge's locked hints. @param {number} game @param {number} id @returns {Promise<import('./scoring-fields.js').RemoteHint[]>} */
    hints: (game, id) => call('GET', `/api/edit/games/${game}/challenges/${id}/hints`),
    /** @param {number} game @param {number} id @param {import('./scoring-fields.js').DesiredHint} hint */
    addHint: (game, id, hint) => call('POST', `/api/edit/games/${game}/challenges/${id}/hints`, { json: hint }),
    /** @param {number} game @param {number} id @param {number} hint */
    deleteHint: (game, id, hint) => call('DELETE', `/api/edit/games/${game}/challenges/${id}/hints/${hint}`),
    /** @param {number} game @param {number} id @param {Record<string, unknown>} body */
    setAttachment: (game, id, body) =>
      call('POST', `/api/edit/games/${game}/challenges/${id}/attachment`, { json: body }),
    /**
     * Uploads a file to the content-addressed store; the server answers with its SHA-256.
     * @param {string} file @returns {Promise<{ hash: string, name: string }>}
     */
    async upload(file) {
      const form = new FormData();
      form.append('files', new Blob([readFileSync(file)]), path.basename(file));
      const [stored] = await call('POST', '/api/assets', { form });
      return stored;
    },
    /**
     * Mints a load rehearsal run (403 unless the server runs with REHEARSAL=true).
     * @param {{ gameId: number, minutes: number, rampSeconds: number }} body
     * @returns {Promise<{ id: string, secret: string, expiresAt: string }>}
     */
    startRehearsal: (body) => call('POST', '/api/admin/rehearsals', { json: body }),
    /** @param {string} id @returns {Promise<{ users: number, teams: number, gameIds: number[] }>} */
    finishRehearsal: (id) => call('DELETE', `/api/admin/rehearsals/${id}`),
    /** @param {string} url an absolute URL or a path on the server @returns {Promise<Buffer>} */
    async download(url) {
      const response = await fetch(url.startsWith('/') ? `${base}${url}` : url);
      if (!response.ok) throw new ApiError(`GET ${url}: HTTP ${response.status}`, response.status);
      return Buffer.from(await response.arrayBuffer());
    },
  };
}
/** @typedef {ReturnType<typeof createClient>} Client */

/** Tries of one call answered 429 before its failure is reported. */
const RATE_LIMIT_ATTEMPTS = 5;

/** The server's `Retry-After` in whole seconds (1 to 120), or null when it sent none the command can honour. */
function retryAfterSeconds(/** @type {Response} */ response) {
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds >= 0 && seconds <= 120 ? Math.max(1, Math.ceil(seconds)) : null;
}

/** The `title` of a problem body, if the text is one. @param {string} text @returns {string | undefined} */
function titleOf(text) {
  try {
    const title = JSON.parse(text)?.title;
    return typeof title === 'string' ? title : undefined;
  } catch {
    return undefined;
  }
}

/** @param {string} method @param {string} route @param {number} status @param {string} text */
function describeFailure(method, route, status, text) {
  let title = text.slice(0, 300);
  try {
    const body = JSON.parse(text);
    title = body.title ?? body.message ?? title;
  } catch {
    // not JSON: the raw text says it
  }
  if (status === 401) return 'the token was refused (HTTP 401): it is unknown, revoked or expired';
  if (status === 403) return `the token may not do this (HTTP 403 on ${method} ${route}): an Admin token is needed`;
  return `${method} ${route}: HTTP ${status}${title ? ` ${title}` : ''}`;
}
