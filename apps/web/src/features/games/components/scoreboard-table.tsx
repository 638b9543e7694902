// biome-ignore-all lint/a11y/useSemanticElements: a <table> is laid out as a whole each time rows enter or leave while scrolling; these boxes carry the table roles instead
// biome-ignore-all lint/a11y/useFocusableInteractive: table, row and header roles are structure, not widgets; the team buttons take the focus
import type { ScoreboardItem, ScoreboardModel } from '@flagpole/contract';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch, IconUserCircle } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useHeadHeight, useSearch, useShowTeam } from '../hooks/use-scoreboard-table';
import { boardWidth, FIXED_COLUMNS, fixedWidth, rowHeightOf, WIDTHS } from '../lib/scoreboard-layout';
import {
  challengeColumns,
  type DivisionView,
  filterTeams,
  indexOfTeam,
  searchKeys,
  teamsInView,
} from '../lib/scoreboard-table';
import { ScoreboardHead } from './scoreboard-head';
import { ScoreboardRow } from './scoreboard-row';
import classes from './scoreboard-table.module.css';

interface ScoreboardTableProps {
  board: ScoreboardModel;
  myTeamId: number | null;
  /** Phones: rank, team, score and solved only (a team's solves open in its detail view). */
  compact: boolean;
  /** Opens a team's detail view (its solves). */
  onOpen: (item: ScoreboardItem) => void;
  /** Every team, or one division's teams ranked inside their division. */
  view: DivisionView;
}

/** Rows kept in the page above and below the visible ones, so a quick scroll does not show blank space. */
const OVERSCAN = 10;
/** Challenge columns drawn beyond the visible ones on each side. */
const COLUMN_OVERSCAN = 4;

/**
 * The ranked teams in one scrolling box with a sticky head, searchable by name, with a per-challenge solve
 * matrix on wide screens. Only the rows in view (and a few around them) are in the page, each an absolutely
 * placed box of fixed size (not a table row, whose table the browser would lay out again as rows come and
 * go), so a board of 10,000 teams scrolls as smoothly as one of ten; "show my team" scrolls the caller's row
 * into view. ARIA table roles keep it a table for assistive technology.
 */
export function ScoreboardTable({ board, myTeamId, compact, onOpen, view: divisionView }: ScoreboardTableProps) {
  const { t } = useTranslation();
  const search = useSearch();
  const columns = useMemo(() => challengeColumns(board.challenges), [board.challenges]);
  const challenges = useMemo(() => columns.flatMap((group) => group.challenges), [columns]);
  const teams = useMemo(() => teamsInView(board.items, divisionView), [board.items, divisionView]);
  const keys = useMemo(() => searchKeys(teams), [teams]);
  const rows = useMemo(() => filterTeams(teams, search.applied, keys), [teams, search.applied, keys]);
  const myTeamShown = myTeamId !== null && teams.some((item) => item.id === myTeamId);
  const divisionNames = useMemo(
    () => new Map(board.divisions.map((division) => [division.id, division.name])),
    [board.divisions],
  );
  const rowHeight = rowHeightOf(divisionView === 'all' && board.divisions.length > 0);
  const headerRows = compact || columns.length === 0 ? 1 : 2;
  // A phone's four columns fill the box; the matrix keeps its 32 px columns however few challenges there are.
  const width = compact ? `max(100%, ${boardWidth(true, 0)}px)` : `${boardWidth(false, challenges.length)}px`;

  const scrollerRef = useRef<HTMLDivElement>(null);
  const [headRef, headHeight] = useHeadHeight();
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollerRef.current,
    estimateSize: () => rowHeight,
    getItemKey: (index) => rows[index]?.id ?? index,
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
  // A new filter or division view starts at the top. Declared before "show my team", whose scroll (after clearing
  // the search) must come after this one in the same commit.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the scroll position follows these two values
  useEffect(() => {
    scrollerRef.current?.scrollTo({ top: 0 });
  }, [search.applied, divisionView]);
  const { show, flashId } = useShowTeam(rows, virtualizer, scrollerRef);

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm" align="flex-end">
        <TextInput
          label={t('scoreboard.table.search')}
          placeholder={t('scoreboard.table.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={search.query}
          onChange={(event) => search.setQuery(event.currentTarget.value)}
          type="search"
          w={{ base: '100%', xs: 280 }}
        />
        {myTeamShown && (
          <Button
            variant="light"
            leftSection={<IconUserCircle size={16} />}
            onClick={() => {
              if (myTeamId === null) return;
              if (indexOfTeam(rows, myTeamId) === null) search.clear();
              show(myTeamId);
            }}
          >
            {t('scoreboard.table.findMyTeam')}
          </Button>
        )}
      </Group>
      <div
        className={classes.scroller}
        ref={scrollerRef}
        data-testid="scoreboard-scroller"
        data-compact={compact || undefined}
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
          divisionView={divisionView}
          width={width}
        />
        <div role="rowgroup" className={classes.body} style={{ height: virtualizer.getTotalSize(), width }}>
          {items.map((virtual) => {
            const item = rows[virtual.index];
            if (!item) return null;
            return (
              <ScoreboardRow
                key={item.id}
                item={item}
                challenges={challenges}
                from={from}
                to={to}
                compact={compact}
                mine={item.id === myTeamId}
                onOpen={onOpen}
                view={divisionView}
                division={
                  divisionView === 'all' && item.divisionId !== null
                    ? (divisionNames.get(item.divisionId) ?? null)
                    : null
                }
                ariaRowIndex={virtual.index + 1 + headerRows}
                top={virtual.start - headHeight}
                height={rowHeight}
                width={width}
                flash={item.id === flashId}
              />
            );
          })}
        </div>
        {rows.length === 0 && (
          <Text c="dimmed" ta="center" py="lg">
            {search.applied.trim() ? t('scoreboard.table.noMatch') : t('scoreboard.table.empty')}
          </Text>
        )}
      </div>
      <Text size="sm" c="dimmed" aria-live="polite">
        {search.applied.trim()
          ? t('scoreboard.table.matchCount', { count: rows.length, total: teams.length })
          : t('scoreboard.table.count', { count: teams.length })}
      </Text>
    </Stack>
  );
}
