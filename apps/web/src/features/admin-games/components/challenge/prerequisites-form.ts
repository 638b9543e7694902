import {
  type ChallengeInfoModel,
  MAX_PREREQUISITES,
  type Prerequisites,
  type PrerequisitesInput,
} from '@flagpole/contract';

/*
 * The prerequisites section's rules (docs/game-play.md, "Prerequisites"): the challenges a team must solve first,
 * all of them or any N (1..the number chosen), and whether the challenge is hidden or listed locked until then.
 * The server refuses cycles and the challenge itself; the form only offers the game's other challenges.
 */

export interface PrerequisiteValues {
  /** Challenge ids as the multi-select holds them. */
  challengeIds: string[];
  mode: 'all' | 'any';
  /** With `any`: how many of them. */
  count: number;
  hidden: boolean;
}

export function prerequisiteValues(current: Prerequisites | null | undefined): PrerequisiteValues {
  if (!current || current.challengeIds.length === 0) return { challengeIds: [], mode: 'all', count: 1, hidden: false };
  return {
    challengeIds: current.challengeIds.map(String),
    mode: current.count === null ? 'all' : 'any',
    count: current.count ?? 1,
    hidden: current.hidden,
  };
}

/** The update body: an empty list removes the prerequisites; `any` with N of at least the whole list is `all`. */
export function prerequisitesInput(values: PrerequisiteValues): PrerequisitesInput {
  const challengeIds = values.challengeIds.map(Number).slice(0, MAX_PREREQUISITES);
  if (challengeIds.length === 0) return { challengeIds: [], count: null, hidden: false };
  const count =
    values.mode === 'any' && values.count >= 1 && values.count < challengeIds.length ? Math.floor(values.count) : null;
  return { challengeIds, count, hidden: values.hidden };
}

/** The game's other challenges, by title (category shown as a group). */
export function prerequisiteOptions(challenges: readonly ChallengeInfoModel[], selfId: number) {
  return challenges
    .filter((challenge) => challenge.id !== selfId)
    .map((challenge) => ({ value: String(challenge.id), label: `${challenge.title} (${challenge.category})` }))
    .sort((a, b) => a.label.localeCompare(b.label));
}
