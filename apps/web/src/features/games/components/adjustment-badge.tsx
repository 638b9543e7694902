import type { ScoreboardItem } from '@flagpole/contract';
import { useTranslation } from 'react-i18next';
import { adjustmentSummary, signedPoints } from '../lib/scoreboard-adjustments';
import classes from './scoreboard-table.module.css';

/**
 * The ± badge beside a total that includes awards or hint deductions; its tooltip and accessible name list
 * each one (an award's reason, or the kind of hint), so the total can be read without opening the team.
 */
export function AdjustmentBadge({ item }: { item: ScoreboardItem }) {
  const { t } = useTranslation();
  const summary = adjustmentSummary(item);
  if (!summary) return null;
  const lines = summary.lines.map((line) => {
    const what = line.kind === 'Award' ? (line.reason ?? '') : t(`scoreboard.adjustments.kind.${line.kind}`);
    return t('scoreboard.adjustments.line', { points: signedPoints(line.points), what });
  });
  const label = t('scoreboard.adjustments.label', { total: signedPoints(summary.total), list: lines.join('; ') });
  return (
    <span
      className={classes.adjustment}
      data-negative={summary.total < 0 || undefined}
      title={label}
      aria-label={label}
      role="img"
    >
      {signedPoints(summary.total)}
    </span>
  );
}
