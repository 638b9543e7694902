import type { ChallengeInfo } from '@flagpole/contract';
import { AppError, notFound } from '../http/errors';
import { accessOf, type ChallengeAccess, type PrerequisiteRule } from '../scoring/prerequisites';
import type { BuiltScoreboard } from './scoreboard-built';

/*
 * Prerequisites on the play side (scoring/prerequisites.ts holds the rule). Unlocking follows the team's own solves
 * on the live board, also during a freeze (a team always knows what it solved); organisers never ask.
 */

/** A game's prerequisite rules by challenge, each with the challenge's real title (the board hides hidden ones). */
export type GameRules = ReadonlyMap<number, PrerequisiteRule & { title: string }>;

/** The challenges the team solved, from its row on the live board. */
export function solvedBy(live: BuiltScoreboard | null | undefined, teamId: number): Set<number> {
  return new Set(live?.itemByTeam.get(teamId)?.solvedChallenges.map((solve) => solve.id));
}

/** 404 for a challenge hidden from the team (as for an unknown one), 403 for one listed locked. */
export function assertUnlocked(rules: GameRules, challengeId: number, solved: ReadonlySet<number>): void {
  const access = accessOf(rules.get(challengeId), solved);
  if (access === 'hidden') throw notFound('error.challengeNotFound');
  if (access === 'locked') throw new AppError(403, 'error.challengeLocked');
}

/** Which challenges are not open to the team, as a short string for cache keys. */
export function accessKey(rules: GameRules, solved: ReadonlySet<number>): string {
  let key = '';
  for (const [id, rule] of rules) {
    const access: ChallengeAccess = accessOf(rule, solved);
    if (access !== 'open') key += `${id}${access[0]},`;
  }
  return key;
}

/**
 * The team's list: hidden challenges left out, locked ones marked with what they need, and the real title of the
 * open ones whose title the shared board hides. Returns the list and its count.
 */
export function teamChallenges(
  listed: Partial<Record<string, ChallengeInfo[]>>,
  rules: GameRules,
  solved: ReadonlySet<number>,
): { challenges: Partial<Record<string, ChallengeInfo[]>>; count: number } {
  const challenges: Partial<Record<string, ChallengeInfo[]>> = {};
  let count = 0;
  for (const [category, list] of Object.entries(listed)) {
    const shown: ChallengeInfo[] = [];
    for (const challenge of list ?? []) {
      const rule = rules.get(challenge.id);
      const access = accessOf(rule, solved);
      if (!rule || access === 'hidden') {
        if (!rule) shown.push(challenge);
        continue;
      }
      const title = rule.title;
      if (access === 'open') shown.push({ ...challenge, title });
      else {
        const needed = Math.min(rule.count ?? rule.requiredIds.length, rule.requiredIds.length);
        shown.push({ ...challenge, title, locked: { requires: [...rule.requiredIds], count: needed } });
      }
    }
    if (shown.length === 0) continue;
    challenges[category] = shown;
    count += shown.length;
  }
  return { challenges, count };
}
