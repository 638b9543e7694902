import type { ScoreboardRepository } from '../repositories/scoreboard.repository';
import { mergeSolves } from '../scoring/merge-solves';
import { sameFingerprint, solveFingerprintOf } from '../scoring/solve-fingerprint';
import type { ScoreboardInput, ScoreboardSolveInput } from '../scoring/types';

/*
 * The periodic check of a cached board (every 30 s): it exists for changes whose announcement was lost between
 * processes. Reading the 200,000 solve rows of a large game each time held the event loop for about a second
 * (parsing the rows) although they had nearly always been merged already. So the check reads what is small —
 * the game, its divisions, teams and challenges — and a one-row summary of the solves, and reads the solves
 * themselves only when that summary differs from the rows this process holds.
 */

/** How long after its time a solve's announcement has surely arrived (its absence then means it was lost). */
const ANNOUNCEMENT_ALLOWANCE_MS = 5_000;

export type RefreshedRows =
  /** Nothing changed: the held rows are the database's. */
  | { kind: 'unchanged' }
  /** The rows to build from (the solves held here when they matched, otherwise read again). */
  | { kind: 'changed'; input: ScoreboardInput; startAt: number; solvesRead: boolean }
  /** The game is gone. */
  | { kind: 'gone' };

/**
 * Compares the database with `held` (the rows of the last build) plus `announced` (solves announced since, not
 * all merged yet), reading every solve again only if the solves differ. A solve lost less than a few seconds
 * before `now` (Unix ms) is found by the next check.
 */
export async function readIfChanged(
  repository: ScoreboardRepository,
  gameId: number,
  now: number,
  held: () => { input: ScoreboardInput; announced: readonly ScoreboardSolveInput[] } | undefined,
): Promise<RefreshedRows> {
  // Only solves recorded a while ago are compared: a solve committed just now may not have been announced here
  // yet (under a stream of solves, while a rebuild holds the event loop, that happened at almost every check).
  const solvedBefore = now - ANNOUNCEMENT_ALLOWANCE_MS;
  const [board, fingerprint] = await Promise.all([
    repository.loadBoard(gameId),
    repository.solveFingerprint(gameId, solvedBefore),
  ]);
  if (!board) return { kind: 'gone' };
  const rows = held();
  // Solves announced while the summary was taken may or may not be in it; merging them cannot hurt either way.
  const solves = rows ? mergeSolves(rows.input.solves, rows.announced) : undefined;
  if (rows && solves && sameFingerprint(fingerprint, solveFingerprintOf(solves, solvedBefore))) {
    if (withoutSolves(rows.input) === withoutSolves(board.input)) return { kind: 'unchanged' };
    return { kind: 'changed', input: { ...board.input, solves }, startAt: board.game.startAt, solvesRead: false };
  }
  const read = await repository.load(gameId);
  if (!read) return { kind: 'gone' };
  return { kind: 'changed', input: read.input, startAt: read.game.startAt, solvesRead: true };
}

/** The input but its solves, as JSON: both sides come from the same queries, so equal rows give equal text. */
const withoutSolves = (input: ScoreboardInput) => JSON.stringify({ ...input, solves: null });
