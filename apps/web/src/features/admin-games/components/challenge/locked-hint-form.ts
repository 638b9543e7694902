import { type HintCostKind, type HintCreateModel, hintLimits } from '@flagpole/contract';
import { fromLocalInput } from '../../datetime';

/*
 * The locked-hint form's rules (docs/game-play.md, "Hints with a cost"): a title and Markdown content, and one
 * cost model with its own field: Points (points, may go below zero if allowed), RewardShare (a percentage
 * 1..100 of this challenge's reward, charged on solve) or FreeAfter (a date and time, then free for everyone).
 */

export interface LockedHintValues {
  title: string;
  content: string;
  kind: HintCostKind;
  /** Points, or the percentage for a reward share ('' before anything is typed). */
  cost: number | '';
  /** FreeAfter: `datetime-local` text. */
  freeAt: string;
  allowNegative: boolean;
  /** Another locked hint's id, as the select holds it. */
  requiresHintId: string | null;
}

export const emptyLockedHint: LockedHintValues = {
  title: '',
  content: '',
  kind: 'Points',
  cost: '',
  freeAt: '',
  allowNegative: false,
  requiresHintId: null,
};

export type LockedHintError = 'title' | 'content' | 'cost' | 'freeAt';

/** The body to send, or the first field that is not filled in correctly. */
export function lockedHintBody(values: LockedHintValues): HintCreateModel | LockedHintError {
  const title = values.title.trim();
  if (!title || title.length > hintLimits.title.max) return 'title';
  const content = values.content.trim();
  if (!content || content.length > hintLimits.content.max) return 'content';
  const requiresHintId = values.requiresHintId ? Number(values.requiresHintId) : null;
  const base = { title, content, kind: values.kind, requiresHintId };
  if (values.kind === 'FreeAfter') {
    const freeAt = fromLocalInput(values.freeAt);
    if (freeAt === null) return 'freeAt';
    return { ...base, cost: 0, freeAt, allowNegative: false };
  }
  const { cost } = values;
  const max = values.kind === 'RewardShare' ? 100 : hintLimits.points.max;
  if (cost === '' || !Number.isInteger(cost) || cost < 1 || cost > max) return 'cost';
  return { ...base, cost, freeAt: null, allowNegative: values.kind === 'Points' && values.allowNegative };
}
