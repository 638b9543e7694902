// biome-ignore-all lint/a11y/useSemanticElements: a <table> is laid out as a whole each time rows enter or leave while scrolling; these boxes carry the table roles instead
// biome-ignore-all lint/a11y/useFocusableInteractive: table, row and header roles are structure, not widgets; the team buttons take the focus
import type { ChallengeInfo, ScoreboardItem } from '@flagpole/contract';
import { Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { cloneElement, memo, useEffect, useLayoutEffect, useRef } from 'react';
import { useHeadHeight, useMarkColors, usePoolSize, useShowTeam } from '../hooks/use-scoreboard-table';
import { orderChildren } from '../lib/row-order';
import { boardWidth, FIXED_COLUMNS, fixedWidth, rowHeightOf, rowSlot, WIDTHS } from '../lib/scoreboard-layout';
import type { CategoryColumns, DivisionView } from '../lib/scoreboard-table';
import { BLOOD_COLOR_VARIABLES } from './categories';
import { ScoreboardHead } from './scoreboard-head';
import { ScoreboardRow, type ScoreboardRowProps } from './scoreboard-row';
import classes from './scoreboard-table.module.css';

/** Rows kept in the page above and below the visible ones, so a quick scroll does not show blank space. */
const OVERSCAN = 10;
/** Challenge columns drawn beyond the visible ones on each side. */
const COLUMN_OVERSCAN = 4;

/**
 * Every row of the pool, in the order of its slots, so that React never moves one: the window's rows, and the
 * pool's others parked (hidden, as they last were) when the window is shorter than the pool (scrolled to a row's
 * edge, or a short list) instead of dropped and built again a frame later. `parked` holds each slot's last row.
 */
function pooledRows(
  rows: (React.ReactElement<ScoreboardRowProps> | null)[],
  parked: Map<string, React.ReactElement<ScoreboardRowProps>>,
): React.ReactElement<ScoreboardRowProps>[] {
  const shown = new Map<string, React.ReactElement<ScoreboardRowProps>>();
  for (const row of rows) if (row?.key != null) shown.set(row.key, row);
  for (const [key, row] of shown) parked.set(key, row);
  return [...parked.entries()]
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([key, row]) => shown.get(key) ?? cloneElement(row, { parked: true }));
}

/** A row's place in the board for ordering the page's rows; parked rows go last. */
function rowRank(row: Element): number {
  const index = row.getAttribute('aria-rowindex');
  return index === null ? Number.POSITIVE_INFINITY : Number(index);
}

export interface ScoreboardGridProps {
  /** The teams to list, in board order (filtered by the search). */
  rows: ScoreboardItem[];
  columns: CategoryColumns[];
  /** Every challenge column, in order. */
  challenges: ChallengeInfo[];
  myTeamId: number | null;
  compact: boolean;
  onOpen: (item: ScoreboardItem) => void;
  view: DivisionView;
  /** Division names by id, shown under team names in the overall view of a board with divisions. */
  divisionNames: ReadonlyMap<number, string>;
  /** The filter the rows were found by: a new one starts at the top. */
  filter: string;
  /** A team to bring into view ("show my team"); `onShown` is called once it is on its way. */
  showTarget: number | null;
  onShown: () => void;
  /** Shown in the box when there are no rows. */
  emptyText: string;
  /** A solo game: the rows are players, and the head says so. */
  solo?: boolean;
}

/**
 * The scrolling box of the board: a sticky head and a window of team rows, each an absolutely placed box of
 * fixed size (not a table row, whose table the browser would lay out again as rows come and go), so a board of
 * 10,000 teams scrolls as smoothly as one of ten. The rows are a pool of elements keyed by slot, not by team:
 * a scroll gives the elements of the rows it takes out to the rows it brings in, and React changes their text and
 * attributes in place instead of building new elements (see `pooledRows` and `orderChildren` for their order). Its own component, so a scroll re-renders this box alone,
 * not the search field and buttons around it. ARIA table roles keep it a table for assistive technology.
 */
export const ScoreboardGrid = memo(function ScoreboardGrid({
  rows,
  columns,
  challenges,
  myTeamId,
  compact,
  onOpen,
  view,
  divisionNames,
  filter,
  showTarget,
  onShown,
  emptyText,
  solo = false,
}: ScoreboardGridProps) {
  const rowHeight = rowHeightOf(view === 'all' && divisionNames.size > 0);
  const headerRows = compact || columns.length === 0 ? 1 : 2;
  // A phone's four columns fill the box; the matrix keeps its 32 px columns however few challenges there are.
  const width = compact ? `max(100%, ${boardWidth(true, 0)}px)` : `${boardWidth(false, challenges.length)}px`;

  const scrollerRef = useRef<HTMLDivElement>(null);
  const [headRef, headHeight] = useHeadHeight();
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollerRef.current,
    estimateSize: () => rowHeight,
    overscan: OVERSCAN,
    scrollMargin: headHeight,
    // Rows are rendered with the next batch of React work, not inside every scroll event: the overscan covers the
    // few milliseconds in between.
    useFlushSync: false,
  });
  // With 100 challenges most matrix columns are out of sight sideways: rows draw only the visible ones.
  const columnVirtualizer = useVirtualizer({
    horizontal: true,
    count: compact ? 0 : challenges.length,
    getScrollElement: () => scrollerRef.current,
    estimateSize: () => WIDTHS.challenge,
    overscan: COLUMN_OVERSCAN,
    useFlushSync: false,
    scrollMargin: fixedWidth(false),
  });
  const shownColumns = columnVirtualizer.getVirtualItems();
  const from = shownColumns[0]?.index ?? 0;
  const to = (shownColumns[shownColumns.length - 1]?.index ?? -1) + 1;
  const items = virtualizer.getVirtualItems();
  const poolSize = usePoolSize(items.length);
  const parked = useRef(new Map<string, React.ReactElement<ScoreboardRowProps>>());
  const bodyRef = useRef<HTMLDivElement>(null);
  // The pool is rendered in slot order; the page holds the rows in the board's order (the order of the keyboard
  // and screen readers), moving only the rows a scroll recycled, up or down.
  useLayoutEffect(() => {
    if (bodyRef.current) orderChildren(bodyRef.current, rowRank);
  });
  // A new filter or division view starts at the top. Declared before "show my team", whose scroll (after clearing
  // the search) must come after this one in the same commit.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the scroll position follows these two values
  useEffect(() => {
    scrollerRef.current?.scrollTo({ top: 0 });
  }, [filter, view]);
  const flashId = useShowTeam(rows, virtualizer, scrollerRef, showTarget, onShown);
  const markColors = useMarkColors(scrollerRef);

  return (
    <div
      className={classes.scroller}
      ref={scrollerRef}
      data-testid="scoreboard-scroller"
      data-compact={compact || undefined}
      style={BLOOD_COLOR_VARIABLES}
      role="table"
      aria-labelledby="scoreboard-heading"
      aria-rowcount={rows.length + headerRows}
      aria-colcount={FIXED_COLUMNS + (compact ? 0 : challenges.length)}
    >
      <ScoreboardHead
        headRef={headRef}
        columns={columns}
        compact={compact}
        headerRows={headerRows}
        divisionView={view}
        width={width}
        solo={solo}
      />
      <div role="rowgroup" ref={bodyRef} className={classes.body} style={{ height: virtualizer.getTotalSize(), width }}>
        {pooledRows(
          items.map((virtual) => {
            const item = rows[virtual.index];
            if (!item) return null;
            return (
              <ScoreboardRow
                key={rowSlot(virtual.index, poolSize)}
                item={item}
                challenges={challenges}
                from={from}
                to={to}
                compact={compact}
                mine={item.id === myTeamId}
                onOpen={onOpen}
                view={view}
                division={
                  view === 'all' && item.divisionId !== null ? (divisionNames.get(item.divisionId) ?? null) : null
                }
                ariaRowIndex={virtual.index + 1 + headerRows}
                top={virtual.start - headHeight}
                height={rowHeight}
                width={width}
                flash={item.id === flashId}
                markColors={markColors}
              />
            );
          }),
          parked.current,
        )}
      </div>
      {rows.length === 0 && (
        <Text c="dimmed" ta="center" py="lg">
          {emptyText}
        </Text>
      )}
    </div>
  );
});
