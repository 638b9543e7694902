// biome-ignore-all lint/a11y/useSemanticElements: a <table> is laid out as a whole each time rows enter or leave while scrolling; these boxes carry the table roles instead
// biome-ignore-all lint/a11y/useFocusableInteractive: table, row and header roles are structure, not widgets; the team buttons take the focus
import type { ChallengeInfo } from '@flagpole/contract';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { categoryNameFits, FIXED_COLUMNS, WIDTHS } from '../lib/scoreboard-layout';
import type { CategoryColumns, DivisionView } from '../lib/scoreboard-table';
import { CATEGORY_STYLES } from './categories';
import classes from './scoreboard-table.module.css';

function ChallengeHeader({ challenge, colIndex }: { challenge: ChallengeInfo; colIndex: number }) {
  const { t } = useTranslation();
  return (
    <div
      role="columnheader"
      aria-colindex={colIndex}
      className={`${classes.th} ${classes.challengeHead}`}
      title={t('scoreboard.table.challengeTitle', {
        title: challenge.title,
        points: t('scoreboard.points', { count: challenge.score }),
        solves: t('challenges.card.solves', { count: challenge.solved }),
      })}
    >
      <span className={classes.vertical}>{challenge.title}</span>
    </div>
  );
}

function CategoryHeader({ group, colIndex }: { group: CategoryColumns; colIndex: number }) {
  const { t } = useTranslation();
  const style = CATEGORY_STYLES[group.category];
  const name = t(`challenges.categories.${group.category}.name`);
  // A category of one or two challenges is too narrow for its name: its icon stands for it, named for readers.
  const fits = categoryNameFits(group, name);
  return (
    <div
      role="columnheader"
      aria-colindex={colIndex}
      aria-colspan={group.challenges.length}
      aria-label={fits ? undefined : name}
      title={fits ? undefined : name}
      className={`${classes.th} ${classes.categoryHead}`}
      style={
        {
          gridColumn: `span ${group.challenges.length}`,
          '--category-color': `var(--mantine-color-${style.color}-light)`,
        } as React.CSSProperties
      }
    >
      <style.icon size={14} aria-hidden className={classes.categoryIcon} />
      {fits && <span className={classes.categoryName}>{name}</span>}
    </div>
  );
}

/**
 * The board's head, one CSS grid with the same column widths as the rows: the first four headers span both
 * header rows, the categories span their challenges' columns. It sticks to the top of the scrolling box, and
 * is memoised so that scrolling leaves it alone.
 */
export const ScoreboardHead = memo(function ScoreboardHead({
  headRef,
  columns,
  compact,
  headerRows,
  divisionView,
  width,
  solo = false,
}: {
  headRef: React.RefObject<HTMLDivElement | null>;
  columns: CategoryColumns[];
  compact: boolean;
  headerRows: number;
  divisionView: DivisionView;
  /** The board's width in px (phones: at least the box's width). */
  width: string;
  /** A solo game: the second column lists players. */
  solo?: boolean;
}) {
  const { t } = useTranslation();
  const challengeCount = compact ? 0 : columns.reduce((sum, group) => sum + group.challenges.length, 0);
  const template = compact
    ? `${WIDTHS.phoneRank}px minmax(${WIDTHS.phoneTeam}px, 1fr) ${WIDTHS.score}px ${WIDTHS.solved}px`
    : `${WIDTHS.rank}px ${WIDTHS.team}px ${WIDTHS.score}px ${WIDTHS.solved}px repeat(${challengeCount}, ${WIDTHS.challenge}px)`;
  const span = { gridRow: `span ${headerRows}` };
  let colIndex = FIXED_COLUMNS + 1;
  return (
    <div
      role="rowgroup"
      ref={headRef}
      className={classes.head}
      style={{ width, gridTemplateColumns: template }}
      data-testid="scoreboard-head"
    >
      <div role="row" aria-rowindex={1} className={classes.headRow}>
        <div
          role="columnheader"
          aria-colindex={1}
          className={`${classes.th} ${classes.sticky} ${classes.rankCell}`}
          style={span}
          // In a division's view the narrow column holds the division rank; its name says so.
          aria-label={divisionView === 'all' ? undefined : t('scoreboard.table.divisionRank')}
          title={divisionView === 'all' ? undefined : t('scoreboard.table.divisionRank')}
        >
          {t('scoreboard.table.rank')}
        </div>
        <div
          role="columnheader"
          aria-colindex={2}
          className={`${classes.th} ${classes.sticky} ${classes.teamCell}`}
          style={span}
        >
          {solo ? t('scoreboard.table.player') : t('scoreboard.table.team')}
        </div>
        <div
          role="columnheader"
          aria-colindex={3}
          className={`${classes.th} ${classes.sticky} ${classes.scoreCell}`}
          style={span}
        >
          {t('scoreboard.table.score')}
        </div>
        <div role="columnheader" aria-colindex={4} className={`${classes.th} ${classes.numCell}`} style={span}>
          {t('scoreboard.table.solved')}
        </div>
        {!compact &&
          columns.map((group) => {
            const at = colIndex;
            colIndex += group.challenges.length;
            return <CategoryHeader key={group.category} group={group} colIndex={at} />;
          })}
      </div>
      {headerRows === 2 && (
        <div role="row" aria-rowindex={2} className={classes.headRow}>
          {columns
            .flatMap((group) => group.challenges)
            .map((challenge, index) => (
              <ChallengeHeader key={challenge.id} challenge={challenge} colIndex={FIXED_COLUMNS + index + 1} />
            ))}
        </div>
      )}
    </div>
  );
});
