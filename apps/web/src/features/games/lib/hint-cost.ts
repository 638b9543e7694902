import type { HintPlayerInfo } from '@flagpole/contract';

/** Where a locked hint stands for the team. */
export type HintState = 'unlocked' | 'waiting' | 'blocked' | 'available';

/**
 * `waiting`: a FreeAfter hint before its time (nobody may unlock it); `blocked`: it requires another hint the team
 * has not unlocked yet; `available`: it may be unlocked now.
 */
export function hintState(hint: HintPlayerInfo, all: readonly HintPlayerInfo[]): HintState {
  if (hint.unlocked) return 'unlocked';
  if (hint.kind === 'FreeAfter') return 'waiting';
  const required = hint.requiresHintId === null ? null : all.find((other) => other.id === hint.requiresHintId);
  return required && !required.unlocked ? 'blocked' : 'available';
}

/** The translation keys that say what a hint costs. */
export type HintCostKey =
  | 'challenges.hints.cost.points'
  | 'challenges.hints.cost.share'
  | 'challenges.hints.cost.freeAt';

/** The translation key and values that say in plain words what a hint costs. */
export function hintCostText(
  hint: Pick<HintPlayerInfo, 'kind' | 'cost' | 'freeAt'>,
  formatTime: (at: number) => string,
): { key: HintCostKey; values: Record<string, string | number> } {
  switch (hint.kind) {
    case 'Points':
      return { key: 'challenges.hints.cost.points', values: { count: hint.cost } };
    case 'RewardShare':
      return { key: 'challenges.hints.cost.share', values: { percent: hint.cost } };
    case 'FreeAfter':
      return { key: 'challenges.hints.cost.freeAt', values: { time: formatTime(hint.freeAt ?? 0) } };
  }
}
