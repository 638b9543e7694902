// biome-ignore-all lint/a11y/useSemanticElements: a <table> is laid out as a whole each time rows enter or leave while scrolling; these boxes carry the table roles instead
// biome-ignore-all lint/a11y/useFocusableInteractive: table, row and header roles are structure, not widgets; the team buttons take the focus
import type { ChallengeInfo, ChallengeItem, ScoreboardItem } from '@flagpole/contract';
import { memo, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FIXED_COLUMNS, fixedWidth, WIDTHS } from '../lib/scoreboard-layout';
import { avatarColor, avatarInitials, type DivisionView, placeInView, solvesById } from '../lib/scoreboard-table';
import { type SolveLabeler, solveLabelerFor } from '../lib/solve-label';
import { drawMarks, type MarkColors, type PlacedMark, placeMarks } from '../lib/solve-marks';
import { AdjustmentBadge } from './adjustment-badge';
import classes from './scoreboard-table.module.css';

const CELL = `${classes.td} ${classes.cell}`;

/**
 * A team's picture, or its initials on a colour of its name when it has none (or it fails to load): one element,
 * where a Mantine avatar would be two with a computed style each, for every row that scrolls into view.
 */
function TeamAvatar({ src, name }: { src: string | null; name: string }) {
  const [failed, setFailed] = useState(false);
  if (src && !failed) return <img className={classes.avatar} src={src} alt="" onError={() => setFailed(true)} />;
  const color = avatarColor(name);
  return (
    <span
      className={classes.avatar}
      // The initials repeat the name next to them: a screen reader reads the name alone.
      aria-hidden
      style={{ background: `var(--mantine-color-${color}-light)`, color: `var(--mantine-color-${color}-light-color)` }}
    >
      {avatarInitials(name)}
    </span>
  );
}

/**
 * One challenge column of a row: empty, or a solve named by its label and tooltip (`data-solve` tells its kind;
 * the row's canvas draws its mark). Memoised, so a row that keeps its team redraws only the cells that changed,
 * and a pooled row that takes another team touches only the cells whose solve differs.
 */
const SolveCell = memo(function SolveCell({
  challenge,
  solve,
  colIndex,
  labelSolve,
}: {
  challenge: ChallengeInfo;
  solve: ChallengeItem | undefined;
  colIndex: number;
  labelSolve: SolveLabeler;
}) {
  if (!solve) return <div role="cell" className={CELL} aria-colindex={colIndex} />;
  const label = labelSolve(challenge, solve);
  return (
    <div
      role="cell"
      className={CELL}
      data-solve={solve.type}
      title={label}
      aria-label={label}
      aria-colindex={colIndex}
    />
  );
});

/**
 * The marks of a row's drawn challenge columns on one canvas behind nothing but the sticky cells: a fling brings
 * hundreds of solved cells into view a frame, and one drawing per row costs the browser far less than a styled,
 * turned mark per cell. Hidden from assistive technology: the cells under it carry the solves' labels.
 */
function SolveMarks({
  marks,
  colors,
  left,
  width,
  height,
}: {
  marks: PlacedMark[];
  colors: MarkColors | null;
  left: number;
  width: number;
  height: number;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    const ratio = window.devicePixelRatio || 1;
    const pixelWidth = Math.round(width * ratio);
    const pixelHeight = Math.round(height * ratio);
    if (canvas.width !== pixelWidth || canvas.height !== pixelHeight) {
      canvas.width = pixelWidth;
      canvas.height = pixelHeight;
    } else {
      context.setTransform(1, 0, 0, 1, 0, 0);
      context.clearRect(0, 0, pixelWidth, pixelHeight);
    }
    if (!colors) return;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    drawMarks(context, marks, colors, height);
  }, [marks, colors, width, height]);
  return <canvas ref={canvasRef} className={classes.marks} style={{ left, width, height }} aria-hidden />;
}

/**
 * Rows are a pool (see ScoreboardTable): one row element shows another team after a scroll. Focus on the row's
 * button does not follow it to a team the user did not pick; it is let go, as it was when rows were replaced.
 */
function useReleaseFocusOnNewTeam(row: React.RefObject<HTMLDivElement | null>, teamId: number) {
  const shown = useRef(teamId);
  useLayoutEffect(() => {
    if (shown.current === teamId) return;
    shown.current = teamId;
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && row.current?.contains(focused)) focused.blur();
  }, [row, teamId]);
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
  /** A pooled row out of use for now: hidden (so out of the table for assistive technology), with no team or index. */
  parked?: boolean;
  /** The colours of the solve marks (null until the board has read them). */
  markColors: MarkColors | null;
}

/**
 * One team's row: a box of fixed size moved into place with a transform, with its rank, team and score cells
 * sticking to the left while the challenge columns scroll sideways. Plain elements, one per cell (the marks are
 * CSS), since a fling brings ten new teams into the rows every frame.
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
  parked = false,
  markColors,
}: ScoreboardRowProps) {
  const { t } = useTranslation();
  const labelSolve = solveLabelerFor(t);
  const rowRef = useRef<HTMLDivElement>(null);
  useReleaseFocusOnNewTeam(rowRef, item.id);
  const solves = useMemo(() => solvesById(item), [item]);
  const marks = useMemo(
    () => (compact ? [] : placeMarks(challenges, solves, from, to)),
    [compact, challenges, solves, from, to],
  );
  const place = placeInView(item, view);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the team button inside the row is the keyboard's way in; the row is a larger target for a pointer
    <div
      ref={rowRef}
      role="row"
      hidden={parked}
      className={classes.row}
      style={{ transform: `translateY(${top}px)`, height, width }}
      data-team-id={parked ? undefined : item.id}
      data-mine={mine || undefined}
      data-flash={flash || undefined}
      aria-current={mine && !parked ? 'true' : undefined}
      aria-rowindex={parked ? undefined : ariaRowIndex}
      onClick={() => onOpen(item)}
    >
      <div role="cell" aria-colindex={1} className={`${classes.td} ${classes.sticky} ${classes.rankCell}`}>
        {place !== null && item.score > 0 ? place : '—'}
      </div>
      {/* The row's header: moving along a row or down a challenge column, a screen reader names the team. */}
      <div
        role="rowheader"
        aria-colindex={2}
        aria-label={parked ? undefined : item.name}
        className={`${classes.td} ${classes.sticky} ${classes.teamCell}`}
      >
        {/* Keyed by the picture, so a failed picture's initials do not stay for the next team's picture. */}
        {!compact && <TeamAvatar key={item.avatar ?? ''} src={item.avatar} name={item.name} />}
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
        <AdjustmentBadge item={item} />
        {item.score}
      </div>
      <div role="cell" aria-colindex={4} className={`${classes.td} ${classes.numCell}`}>
        {item.solvedCount}
      </div>
      {/* Columns scrolled out of sight sideways are one empty space on the left and nothing on the right. */}
      {!compact && from > 0 && <div className={classes.gap} style={{ width: from * WIDTHS.challenge }} />}
      {!compact &&
        challenges
          .slice(from, to)
          .map((challenge, offset) => (
            <SolveCell
              key={challenge.id}
              challenge={challenge}
              solve={solves.get(challenge.id)}
              colIndex={FIXED_COLUMNS + from + offset + 1}
              labelSolve={labelSolve}
            />
          ))}
      {!compact && to > from && (
        <SolveMarks
          marks={marks}
          colors={markColors}
          left={fixedWidth(false) + from * WIDTHS.challenge}
          width={(to - from) * WIDTHS.challenge}
          height={height - 1}
        />
      )}
    </div>
  );
});
