import type { ScoreAdjustment, ScoreboardItem } from '@flagpole/contract';

/*
 * A row's awards and hint deductions (issue 28), summed for the ± badge beside its total, with one line per
 * adjustment for the badge's tooltip and accessible name: an award's reason, or which kind of hint it was.
 */

export interface AdjustmentSummary {
  /** Signed sum, already part of the row's score. */
  total: number;
  lines: { kind: ScoreAdjustment['kind']; points: number; reason: string | null }[];
}

/** Null when the row has no adjustments (the board shows no badge). */
export function adjustmentSummary(item: Pick<ScoreboardItem, 'adjustments'>): AdjustmentSummary | null {
  const list = item.adjustments;
  if (!list || list.length === 0) return null;
  let total = 0;
  for (const adjustment of list) total += adjustment.points;
  return {
    total,
    lines: list.map(({ kind, points, reason }) => ({ kind, points, reason })),
  };
}

/** `+50`, `−300`, `±0`: the sign always shown, with a real minus sign. */
export function signedPoints(points: number): string {
  if (points > 0) return `+${points}`;
  if (points < 0) return `\u2212${-points}`;
  return '\u00b10';
}
