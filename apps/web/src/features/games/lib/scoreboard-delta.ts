import { applyScoreboardDelta, type LiveMessage, type ScoreboardModel } from '@flagpole/contract';

type ScoreboardChange = Extract<LiveMessage, { type: 'scoreboard' }>['data'];

/**
 * What a `scoreboard` live message does to the board a page holds: `apply` the delta (the held board is its
 * base), `keep` it (it already is the new version), or `refetch` it (no board yet, a missed message, a
 * reconnect, a change that is not one of solves, or a delta that does not fit). Pure, so the hook stays thin.
 */
export type ScoreboardStep = { kind: 'apply'; board: ScoreboardModel } | { kind: 'keep' } | { kind: 'refetch' };

export function scoreboardStep(held: ScoreboardModel | undefined, change: ScoreboardChange): ScoreboardStep {
  if (!held?.version) return { kind: 'refetch' };
  if (change.version !== undefined && held.version === change.version) return { kind: 'keep' };
  const { delta } = change;
  if (!delta || delta.base !== held.version) return { kind: 'refetch' };
  try {
    return { kind: 'apply', board: applyScoreboardDelta(held, delta) };
  } catch {
    return { kind: 'refetch' };
  }
}
