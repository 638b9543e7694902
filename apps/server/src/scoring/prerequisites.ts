/*
 * Prerequisites (docs/game-play.md, "Prerequisites"). A challenge may require other challenges of its game solved
 * by the team: all of them (`count` null) or any `count` of them. Until then it is `locked` (listed, nothing else)
 * or, when the organiser chose so, `hidden` (not listed at all). Unlocking follows the team's own solves, also
 * during a freeze: a team always knows what it solved. Organisers see everything and never ask.
 */

/**
 * The title the shared scoreboard (and everything built from it: live deltas, sheets, feeds) shows for a challenge
 * hidden until unlocked; each team's own list shows the real one once it unlocks it.
 */
export const HIDDEN_TITLE = '🔒';

/** What a challenge requires; a challenge without a rule is open to every team. */
export interface PrerequisiteRule {
  requiredIds: readonly number[];
  /** How many of `requiredIds` unlock it; null: all of them. */
  count: number | null;
  /** Not listed to a team until unlocked (false: listed as locked). */
  hidden: boolean;
}

export type ChallengeAccess = 'open' | 'locked' | 'hidden';

/** Whether a team that solved `solved` meets `rule`. */
export function isUnlocked(rule: PrerequisiteRule | undefined, solved: ReadonlySet<number>): boolean {
  if (!rule || rule.requiredIds.length === 0) return true;
  const needed = Math.min(rule.count ?? rule.requiredIds.length, rule.requiredIds.length);
  let met = 0;
  for (const id of rule.requiredIds) if (solved.has(id)) met++;
  return met >= needed;
}

/** A challenge's access for a team that solved `solved`. */
export function accessOf(rule: PrerequisiteRule | undefined, solved: ReadonlySet<number>): ChallengeAccess {
  if (isUnlocked(rule, solved)) return 'open';
  return rule?.hidden ? 'hidden' : 'locked';
}

/** The access of each challenge that has a rule (challenges without one are open). */
export function accessByChallenge(
  rules: ReadonlyMap<number, PrerequisiteRule>,
  solved: ReadonlySet<number>,
): Map<number, ChallengeAccess> {
  const access = new Map<number, ChallengeAccess>();
  for (const [id, rule] of rules) access.set(id, accessOf(rule, solved));
  return access;
}

/**
 * The first problem with giving `challengeId` the prerequisites `requiredIds` in a game whose other rules are
 * `rules` and whose challenges are `gameChallengeIds`: itself, a challenge of another game (or none), or a cycle
 * (a required challenge that, through the rules, requires `challengeId`). Null when the rule may be saved.
 */
export function prerequisiteProblem(
  challengeId: number,
  requiredIds: readonly number[],
  rules: ReadonlyMap<number, PrerequisiteRule>,
  gameChallengeIds: ReadonlySet<number>,
): 'self' | 'unknown' | 'cycle' | null {
  if (requiredIds.includes(challengeId)) return 'self';
  if (requiredIds.some((id) => !gameChallengeIds.has(id))) return 'unknown';
  const seen = new Set<number>();
  const stack = [...requiredIds];
  while (stack.length > 0) {
    const id = stack.pop() as number;
    if (id === challengeId) return 'cycle';
    if (seen.has(id)) continue;
    seen.add(id);
    // The saved rule of `challengeId` itself is never followed: it returns above, and is being replaced.
    const next = rules.get(id);
    if (next) stack.push(...next.requiredIds);
  }
  return null;
}
