import type { ChallengeItem, ScoreboardItem } from './scoring';

/** One member's share of their team's row: the challenges they solved for it and the points those hold. */
export interface MemberProgress {
  userName: string;
  /** What the member's solves hold on the board (current value, blood bonus; 0 for a solve that does not count). */
  score: number;
  solvedCount: number;
  /** The member's solves, oldest first. */
  solves: ChallengeItem[];
}

/**
 * Per-player progress inside a team (docs/game-play.md, "Per-player progress"), derived from the team's board row
 * and nothing else: each solve is credited to the member who sent the accepted flag (`userName`), with the points
 * the board gives it. So it is the same board (frozen for players during a freeze, per phase) and the members'
 * scores add up to the team's score from solves. Members named in `roster` come first in roster order when they
 * tie; a member without a solve has a row with 0. Solves whose solver is unknown (a deleted account) are left out.
 * Order: score, then solved count (both descending), then roster order, then name.
 */
export function memberProgress(item: ScoreboardItem, roster: readonly string[] = []): MemberProgress[] {
  const byName = new Map<string, MemberProgress>();
  const entry = (userName: string) => {
    let found = byName.get(userName);
    if (!found) {
      found = { userName, score: 0, solvedCount: 0, solves: [] };
      byName.set(userName, found);
    }
    return found;
  };
  for (const name of roster) entry(name);
  const solves = [...item.solvedChallenges].sort((a, b) => a.time - b.time);
  for (const solve of solves) {
    if (solve.userName === null) continue;
    const member = entry(solve.userName);
    member.score += solve.score;
    member.solvedCount += 1;
    member.solves.push(solve);
  }
  const place = (name: string) => {
    const index = roster.indexOf(name);
    return index < 0 ? roster.length : index;
  };
  return [...byName.values()].sort(
    (a, b) =>
      b.score - a.score ||
      b.solvedCount - a.solvedCount ||
      place(a.userName) - place(b.userName) ||
      a.userName.localeCompare(b.userName),
  );
}
