import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import type { ScoreboardDelta, ScoreboardModel } from '@flagpole/contract';
import { sha256Hex } from '../lib/crypto';
import { diffScoreboards } from '../scoring/scoreboard-delta';

/*
 * A board's version, its body and its live delta. The version identifies the content (everything but
 * `updateTimeUtc`), so that a client holding version v can be sent the delta from v:
 *   - a board that follows the previous one by a delta gets `hash(previous version, delta)` — equal versions
 *     still mean equal content (the delta is checked to reproduce the board), and nothing of the 16 MiB body is
 *     made for it: the JSON and its compressed forms are made on the first request that asks for the board;
 *   - any other board (the first one, or a change that is not one of solves) gets the hash of its JSON, the
 *     same on every process that built the same content;
 *   - a delta that changes nothing keeps the previous version.
 */

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export type BoardEncoding = 'gzip' | 'br';

/** A board's body in one encoding (on the thread pool). */
export function compressBody(bytes: Buffer, encoding: BoardEncoding): Promise<Buffer> {
  if (encoding === 'gzip') return gzipAsync(bytes, { level: 6 });
  return brotliAsync(bytes, {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
    },
  });
}

/** The gzip and brotli bodies of a board, in parallel. */
export function precompress(bytes: Buffer): Promise<[Buffer, Buffer]> {
  return Promise.all([compressBody(bytes, 'gzip'), compressBody(bytes, 'br')]);
}

const VERSION_LENGTH = 20;

/**
 * The body of a board and, when it has none yet, its content version (a hash of the JSON after `updateTimeUtc`,
 * which `computeScoreboard` writes first). The version is written into the model and the body.
 */
export function serialise(model: ScoreboardModel): { body: string; version: string } {
  if (model.version !== undefined) return { body: JSON.stringify(model), version: model.version };
  const json = JSON.stringify(model);
  const prefix = '{"updateTimeUtc":';
  if (!json.startsWith(prefix)) throw new Error('scoreboard: updateTimeUtc must be the first field');
  const version = sha256Hex(json.slice(json.indexOf(',') + 1)).slice(0, VERSION_LENGTH);
  model.version = version;
  return { body: `${json.slice(0, -1)},"version":"${version}"}`, version };
}

function changesNothing(delta: ScoreboardDelta): boolean {
  return delta.challenges.length === 0 && delta.rows.length === 0 && !delta.order && !delta.timelines;
}

export interface VersionedBoard {
  version: string;
  /** The delta from the previous board, null when clients must fetch the board again. */
  delta: ScoreboardDelta | null;
  /** The body when it had to be made to find the version; otherwise made on first use. */
  body?: string;
}

/** Versions `model` (written into it) after `previous`, the board it replaces in this process. */
export function versionBoard(previous: ScoreboardModel | undefined, model: ScoreboardModel): VersionedBoard {
  const delta = previous?.version === undefined ? null : diffScoreboards(previous, model);
  if (!delta) {
    const { body, version } = serialise(model);
    return { version, delta: null, body };
  }
  const changes = JSON.stringify([delta.challenges, delta.rows, delta.order ?? null, delta.timelines ?? null]);
  const version = changesNothing(delta) ? delta.base : sha256Hex(`${delta.base}|${changes}`).slice(0, VERSION_LENGTH);
  delta.version = version;
  model.version = version;
  return { version, delta };
}
