import {
  type ChallengeInfo,
  type GameDetailModel,
  type LiveMessage,
  repriceSolves,
  type ScoreboardDelta,
} from '@flagpole/contract';

type ScoreboardChange = Extract<LiveMessage, { type: 'scoreboard' }>['data'];

/**
 * What a `scoreboard` live message does to the player's board (`/details`: challenge cards with value and solve
 * count, the team's own row) a page holds. Every player receives every message, so refetching on each one
 * would send the server one request per player per solve (2,000 per solve in a game of 2,000 players):
 * - `keep`: nothing held yet (its first fetch is under way), or nothing the page shows changed;
 * - `update`: the delta's changed challenge columns replace the held ones, and the team's solves of a
 *   re-priced challenge take its new value, as `applyScoreboardDelta` does on the board;
 * - `refetch`: the message carries no delta (the board changed in a way other than by solves: a challenge
 *   added, enabled, hidden or edited, a team or division change), the team's own solves changed (it solved),
 *   or one of its bloods was re-priced while the game's blood bonus (`bloodBonus`, from the board when the
 *   page holds it) is unknown.
 * The team's rank, which any team's solve can move, follows with the page's regular polling.
 */
export type DetailsStep = { kind: 'keep' } | { kind: 'update'; details: GameDetailModel } | { kind: 'refetch' };

export function detailsStep(
  held: GameDetailModel | undefined,
  change: ScoreboardChange,
  bloodBonus: number | undefined,
): DetailsStep {
  if (!held) return { kind: 'keep' };
  const { delta } = change;
  if (!delta) return { kind: 'refetch' };
  const teamId = held.rank?.id;
  if (teamId !== undefined && delta.rows.some((row) => row.id === teamId)) return { kind: 'refetch' };
  const { challenges, repricing } = withChangedColumns(held.challenges, delta);
  if (challenges === held.challenges) return { kind: 'keep' };
  let rank = held.rank;
  if (rank?.solvedChallenges.some((solve) => repricing.has(solve.id))) {
    // A plain solve holds the challenge's value whatever the bonus; a blood (three teams a challenge) needs it.
    const blood = rank.solvedChallenges.some((solve) => repricing.has(solve.id) && solve.type.endsWith('Blood'));
    if (blood && bloodBonus === undefined) return { kind: 'refetch' };
    const solved = repriceSolves(rank.solvedChallenges, repricing, bloodBonus ?? 0);
    if (solved !== rank.solvedChallenges) {
      // Awards and hint deductions (unchanged, or the row would be in the delta) stay part of the total.
      const adjusted = (rank.adjustments ?? []).reduce((sum, adjustment) => sum + adjustment.points, 0);
      const score = solved.reduce((sum, solve) => sum + solve.score, adjusted);
      rank = { ...rank, solvedChallenges: [...solved], score };
    }
  }
  return { kind: 'update', details: { ...held, challenges, rank } };
}

type Columns = GameDetailModel['challenges'];

/**
 * The held columns with the delta's changed ones in their place (the same object when none of them is shown:
 * a division may not see every challenge), and the value change of each re-priced one.
 */
function withChangedColumns(
  held: Columns,
  delta: ScoreboardDelta,
): { challenges: Columns; repricing: Map<number, { from: number; to: number }> } {
  const changed = new Map(delta.challenges.map((info) => [info.id, info]));
  const repricing = new Map<number, { from: number; to: number }>();
  let challenges = held;
  for (const [category, list] of Object.entries(held) as [keyof Columns, ChallengeInfo[]][]) {
    if (!list.some((info) => changed.has(info.id))) continue;
    if (challenges === held) challenges = { ...held };
    challenges[category] = list.map((info) => {
      const next = changed.get(info.id);
      if (!next) return info;
      if (next.score !== info.score) repricing.set(info.id, { from: info.score, to: next.score });
      return next;
    });
  }
  return { challenges, repricing };
}
