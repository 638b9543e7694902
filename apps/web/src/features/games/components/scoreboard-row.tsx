// biome-ignore-all lint/a11y/useSemanticElements: a <table> is laid out as a whole each time rows enter or leave while scrolling; these boxes carry the table roles instead
// biome-ignore-all lint/a11y/useFocusableInteractive: table, row and header roles are structure, not widgets; the team buttons take the focus
import type { ChallengeInfo, ChallengeItem, ScoreboardItem } from '@flagpole/contract';
import { Avatar } from '@mantine/core';
import { IconCheck, IconDropletFilled } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FIXED_COLUMNS, WIDTHS } from '../lib/scoreboard-layout';
import { type DivisionView, placeInView, solvesById } from '../lib/scoreboard-table';
import { BLOOD_COLORS } from './categories';
import classes from './scoreboard-table.module.css';

const CELL = `${classes.td} ${classes.cell}`;

function SolveIcon({ solve }: { solve: ChallengeItem }) {
  switch (solve.type) {
    case 'FirstBlood':
    case 'SecondBlood':
    case 'ThirdBlood':
      return <IconDropletFilled size={16} color={BLOOD_COLORS[solve.type]} />;
    case 'Normal':
      return <IconCheck size={16} color="var(--mantine-color-teal-5)" />;
    case 'Unaccepted':
      return <IconCheck size={16} color="var(--mantine-color-dimmed)" />;
  }
}

export interface ScoreboardRowProps {
  item: ScoreboardItem;
  /** Every challenge column, in order; only those from `from` to `to` (exclusive) are drawn. */
  challenges: ChallengeInfo[];
  from: number;
  to: number;
  compact: boolean;
  mine: boolean;
  onOpen: (item: ScoreboardItem) => void;
  view: DivisionView;
  /** The team's division, shown under its name in the overall view. */
  division: string | null;
  /** 1-based position in the whole board, header rows included: only a window of rows is in the page. */
  ariaRowIndex: number;
  /** Distance in px from the top of the rows' box: rows are placed, not stacked. */
  top: number;
  /** Every row has the same height, so the virtual list knows where each one is without measuring. */
  height: number;
  /** The row's width (the board's), so each row is laid out on its own. */
  width: string;
  /** Briefly marked after "show my team" brought it into view. */
  flash: boolean;
}

/**
 * One team's row: a box of fixed size moved into place with a transform, with its rank, team and score cells
 * sticking to the left while the challenge columns scroll sideways. Plain elements, since a fling mounts
 * dozens of rows a second.
 */
export const ScoreboardRow = memo(function ScoreboardRow({
  item,
  challenges,
  from,
  to,
  compact,
  mine,
  onOpen,
  view,
  division,
  ariaRowIndex,
  top,
  height,
  width,
  flash,
}: ScoreboardRowProps) {
  const { t } = useTranslation();
  const solves = useMemo(() => solvesById(item), [item]);
  const place = placeInView(item, view);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the team button inside the row is the keyboard's way in; the row is a larger target for a pointer
    <div
      role="row"
      className={classes.row}
      style={{ transform: `translateY(${top}px)`, height, width }}
      data-team-id={item.id}
      data-mine={mine || undefined}
      data-flash={flash || undefined}
      aria-current={mine ? 'true' : undefined}
      aria-rowindex={ariaRowIndex}
      onClick={() => onOpen(item)}
    >
      <div role="cell" aria-colindex={1} className={`${classes.td} ${classes.sticky} ${classes.rankCell}`}>
        {place !== null && item.score > 0 ? place : '—'}
      </div>
      <div role="cell" aria-colindex={2} className={`${classes.td} ${classes.sticky} ${classes.teamCell}`}>
        {!compact && <Avatar src={item.avatar} alt="" size={24} radius="sm" name={item.name} color="initials" />}
        <button
          type="button"
          className={classes.teamButton}
          onClick={(event) => {
            event.stopPropagation();
            onOpen(item);
          }}
          aria-label={t('scoreboard.team.open', { team: item.name })}
          title={item.bio ? `${item.name} — ${item.bio}` : item.name}
        >
          <span className={classes.teamName}>{item.name}</span>
          {division && (
            <span className={classes.teamDivision}>
              {item.divisionRank !== null && item.score > 0
                ? t('scoreboard.division.withRank', { division, rank: item.divisionRank })
                : division}
            </span>
          )}
        </button>
      </div>
      <div role="cell" aria-colindex={3} className={`${classes.td} ${classes.sticky} ${classes.scoreCell}`}>
        {item.score}
      </div>
      <div role="cell" aria-colindex={4} className={`${classes.td} ${classes.numCell}`}>
        {item.solvedCount}
      </div>
      {/* Columns scrolled out of sight sideways are one empty space on the left and nothing on the right. */}
      {!compact && from > 0 && <div className={classes.gap} style={{ width: from * WIDTHS.challenge }} />}
      {!compact &&
        challenges.slice(from, to).map((challenge, offset) => {
          const solve = solves.get(challenge.id);
          const colIndex = FIXED_COLUMNS + from + offset + 1;
          if (!solve) return <div key={challenge.id} role="cell" className={CELL} aria-colindex={colIndex} />;
          const label = t(`scoreboard.table.solve.${solve.type}`, {
            challenge: challenge.title,
            points: t('scoreboard.points', { count: solve.score }),
            time: dayjs(solve.time).format('lll'),
          });
          return (
            <div
              key={challenge.id}
              role="cell"
              className={CELL}
              title={label}
              aria-label={label}
              aria-colindex={colIndex}
            >
              <SolveIcon solve={solve} />
            </div>
          );
        })}
    </div>
  );
});
