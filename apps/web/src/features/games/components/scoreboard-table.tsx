import type { ChallengeInfo, ChallengeItem, ScoreboardItem, ScoreboardModel } from '@flagpole/contract';
import { Avatar, Button, Group, Stack, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconCheck, IconDropletFilled, IconSearch, IconUserCircle } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import dayjs from 'dayjs';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CategoryColumns,
  challengeColumns,
  type DivisionView,
  filterTeams,
  indexOfTeam,
  placeInView,
  searchKeys,
  solvesById,
  teamsInView,
} from '../lib/scoreboard-table';
import { BLOOD_COLORS, CATEGORY_STYLES } from './categories';
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

const Row = memo(function Row({
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
  height,
  flash,
}: {
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
  /** 1-based position in the whole table, header rows included: only a window of rows is in the page. */
  ariaRowIndex: number;
  /** Every row has the same height, so the virtual list knows where each one is without measuring. */
  height: number;
  /** Briefly marked after "show my team" brought it into view. */
  flash: boolean;
}) {
  const { t } = useTranslation();
  const solves = useMemo(() => solvesById(item), [item]);
  const place = placeInView(item, view);
  return (
    <Table.Tr
      className={classes.row}
      style={{ height }}
      data-team-id={item.id}
      data-mine={mine || undefined}
      data-flash={flash || undefined}
      aria-current={mine ? 'true' : undefined}
      aria-rowindex={ariaRowIndex}
      onClick={() => onOpen(item)}
    >
      <Table.Td className={`${classes.sticky} ${classes.rankCell}`}>
        {place !== null && item.score > 0 ? place : '—'}
      </Table.Td>
      <Table.Td className={`${classes.sticky} ${classes.teamCell}`}>
        <Group gap="xs" wrap="nowrap">
          {!compact && <Avatar src={item.avatar} alt="" size={24} radius="sm" name={item.name} color="initials" />}
          <UnstyledButton
            className={classes.teamButton}
            onClick={(event) => {
              event.stopPropagation();
              onOpen(item);
            }}
            aria-label={t('scoreboard.team.open', { team: item.name })}
            title={item.bio ? `${item.name} — ${item.bio}` : item.name}
          >
            <Text size="sm" fw={mine ? 700 : 500} truncate>
              {item.name}
            </Text>
            {division && (
              <Text size="xs" c="dimmed" truncate>
                {item.divisionRank !== null && item.score > 0
                  ? t('scoreboard.division.withRank', { division, rank: item.divisionRank })
                  : division}
              </Text>
            )}
          </UnstyledButton>
        </Group>
      </Table.Td>
      <Table.Td className={`${classes.sticky} ${classes.scoreCell}`} fw={700}>
        {item.score}
      </Table.Td>
      <Table.Td className={classes.numCell}>{item.solvedCount}</Table.Td>
      {/* Columns scrolled out of sight sideways are one empty cell on each side. */}
      {!compact && from > 0 && <td colSpan={from} className={classes.gap} />}
      {!compact &&
        challenges.slice(from, to).map((challenge, offset) => {
          const solve = solves.get(challenge.id);
          const colIndex = FIXED_COLUMNS + from + offset + 1;
          // Plain cells: dozens of them per row, mounted while the list scrolls.
          if (!solve) return <td key={challenge.id} className={classes.cell} aria-colindex={colIndex} />;
          const label = t(`scoreboard.table.solve.${solve.type}`, {
            challenge: challenge.title,
            points: t('scoreboard.points', { count: solve.score }),
            time: dayjs(solve.time).format('lll'),
          });
          return (
            <td key={challenge.id} className={classes.cell} title={label} aria-label={label} aria-colindex={colIndex}>
              <SolveIcon solve={solve} />
            </td>
          );
        })}
      {!compact && to < challenges.length && <td colSpan={challenges.length - to} className={classes.gap} />}
    </Table.Tr>
  );
});

function ChallengeHeader({ challenge }: { challenge: ChallengeInfo }) {
  const { t } = useTranslation();
  return (
    <Table.Th
      className={classes.challengeHead}
      title={t('scoreboard.table.challengeTitle', {
        title: challenge.title,
        points: t('scoreboard.points', { count: challenge.score }),
        solves: t('challenges.card.solves', { count: challenge.solved }),
      })}
    >
      <span className={classes.vertical}>{challenge.title}</span>
    </Table.Th>
  );
}

/** The table head, on its own so that scrolling (which renders the table again) leaves its cells alone. */
const Head = memo(function Head({
  headRef,
  columns,
  compact,
  headerRows,
  divisionView,
}: {
  headRef: React.RefObject<HTMLTableSectionElement | null>;
  columns: CategoryColumns[];
  compact: boolean;
  headerRows: number;
  divisionView: DivisionView;
}) {
  const { t } = useTranslation();
  return (
    <Table.Thead ref={headRef} className={classes.head}>
      <Table.Tr aria-rowindex={1}>
        <Table.Th
          rowSpan={headerRows}
          className={`${classes.sticky} ${classes.rankCell}`}
          // In a division's view the narrow column holds the division rank; its name says so.
          aria-label={divisionView === 'all' ? undefined : t('scoreboard.table.divisionRank')}
          title={divisionView === 'all' ? undefined : t('scoreboard.table.divisionRank')}
        >
          {t('scoreboard.table.rank')}
        </Table.Th>
        <Table.Th rowSpan={headerRows} className={`${classes.sticky} ${classes.teamCell}`}>
          {t('scoreboard.table.team')}
        </Table.Th>
        <Table.Th rowSpan={headerRows} className={`${classes.sticky} ${classes.scoreCell}`}>
          {t('scoreboard.table.score')}
        </Table.Th>
        <Table.Th rowSpan={headerRows} className={classes.numCell}>
          {t('scoreboard.table.solved')}
        </Table.Th>
        {!compact &&
          columns.map((group) => {
            const style = CATEGORY_STYLES[group.category];
            return (
              <Table.Th
                key={group.category}
                colSpan={group.challenges.length}
                className={classes.categoryHead}
                style={{ '--category-color': `var(--mantine-color-${style.color}-light)` }}
              >
                <Group gap={4} justify="center" wrap="nowrap">
                  <style.icon size={14} aria-hidden />
                  <span>{t(`challenges.categories.${group.category}.name`)}</span>
                </Group>
              </Table.Th>
            );
          })}
      </Table.Tr>
      {headerRows === 2 && (
        <Table.Tr aria-rowindex={2}>
          {columns.flatMap((group) =>
            group.challenges.map((challenge) => <ChallengeHeader key={challenge.id} challenge={challenge} />),
          )}
        </Table.Tr>
      )}
    </Table.Thead>
  );
});

/** Row heights in px: a second line under the team name holds its division in the overall view of a board with divisions. */
const ROW_HEIGHT = 40;
const ROW_HEIGHT_WITH_DIVISION = 52;
/** Rows kept in the page above and below the visible ones, so a quick scroll does not show blank space. */
const OVERSCAN = 10;
/** Rank, team, score and solved come before the challenge columns. */
const FIXED_COLUMNS = 4;
/** Challenge columns drawn beyond the visible ones on each side. */
const COLUMN_OVERSCAN = 4;
/** Column widths in px, as in scoreboard-table.module.css (phones have narrower rank and team columns). */
const WIDTHS = { rank: 60, team: 180, phoneRank: 52, phoneTeam: 124, score: 72, solved: 64, challenge: 32 };

function tableWidth(compact: boolean, columns: CategoryColumns[]): number {
  if (compact) return WIDTHS.phoneRank + WIDTHS.phoneTeam + WIDTHS.score + WIDTHS.solved;
  const challenges = columns.reduce((sum, group) => sum + group.challenges.length, 0);
  return WIDTHS.rank + WIDTHS.team + WIDTHS.score + WIDTHS.solved + challenges * WIDTHS.challenge;
}
const SEARCH_DEBOUNCE_MS = 150;
const FLASH_MS = 2_000;

/** The search box's text and, a moment after the last keystroke, the text the board is filtered by. */
function useSearch(): { query: string; applied: string; setQuery: (text: string) => void; clear: () => void } {
  const [query, setQuery] = useState('');
  const [applied, setApplied] = useState('');
  useEffect(() => {
    if (query === applied) return;
    const timer = setTimeout(() => setApplied(query), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query, applied]);
  const clear = useCallback(() => {
    setQuery('');
    setApplied('');
  }, []);
  return { query, applied, setQuery, clear };
}

/** The height of the sticky table head, which the rows scroll under: the virtual list starts below it. */
function useHeadHeight(): [React.RefObject<HTMLTableSectionElement | null>, number] {
  const ref = useRef<HTMLTableSectionElement>(null);
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    const head = ref.current;
    if (!head) return;
    const update = () => setHeight(head.offsetHeight);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(head);
    return () => observer.disconnect();
  }, []);
  return [ref, height];
}

/**
 * The ranked teams in one scrolling box with a sticky head, searchable by name, with a per-challenge solve
 * matrix on wide screens. Only the rows in view (and a few around them) are in the page, so a board of
 * 10,000 teams scrolls as smoothly as one of ten; "show my team" scrolls the caller's row into view.
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
  const rowHeight = divisionView === 'all' && board.divisions.length > 0 ? ROW_HEIGHT_WITH_DIVISION : ROW_HEIGHT;
  const headerRows = compact || columns.length === 0 ? 1 : 2;

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
    scrollMargin: WIDTHS.rank + WIDTHS.team + WIDTHS.score + WIDTHS.solved,
  });
  const shownColumns = columnVirtualizer.getVirtualItems();
  const from = shownColumns[0]?.index ?? 0;
  const to = (shownColumns[shownColumns.length - 1]?.index ?? -1) + 1;
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  const padTop = first ? first.start - headHeight : 0;
  const padBottom = last ? virtualizer.getTotalSize() - (last.end - headHeight) : 0;

  // A new filter or division view starts at the top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the scroll position follows these two values
  useEffect(() => {
    scrollerRef.current?.scrollTo({ top: 0 });
  }, [search.applied, divisionView]);

  // "Show my team": clear the search if it hides the row, then scroll it to the middle, mark it and focus it.
  const [target, setTarget] = useState<number | null>(null);
  const [flashId, setFlashId] = useState<number | null>(null);
  const focusId = useRef<number | null>(null);
  useEffect(() => {
    if (target === null) return;
    const index = indexOfTeam(rows, target);
    if (index === null) return;
    setTarget(null);
    scrollerRef.current?.scrollIntoView({ block: 'nearest' });
    virtualizer.scrollToIndex(index, { align: 'center' });
    setFlashId(target);
    focusId.current = target;
  }, [target, rows, virtualizer]);
  // The row is in the page only once the list has followed the scroll, a render or two later.
  useEffect(() => {
    if (focusId.current === null) return;
    const button = scrollerRef.current?.querySelector<HTMLElement>(`tr[data-team-id="${focusId.current}"] button`);
    if (!button) return;
    focusId.current = null;
    button.focus({ preventScroll: true });
  });
  useEffect(() => {
    if (flashId === null) return;
    const timer = setTimeout(() => setFlashId(null), FLASH_MS);
    return () => clearTimeout(timer);
  }, [flashId]);

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
              setTarget(myTeamId);
            }}
          >
            {t('scoreboard.table.findMyTeam')}
          </Button>
        )}
      </Group>
      <div className={classes.scroller} ref={scrollerRef} data-testid="scoreboard-scroller">
        <Table
          className={classes.table}
          highlightOnHover
          verticalSpacing={6}
          horizontalSpacing="xs"
          aria-labelledby="scoreboard-heading"
          aria-rowcount={rows.length + headerRows}
          aria-colcount={FIXED_COLUMNS + (compact ? 0 : challenges.length)}
          // Fixed layout: the column widths come from the head, so rows entering while scrolling do not make the
          // browser measure every cell of the table again.
          // A phone's four columns fill the box; the matrix keeps its 32 px columns however few challenges there are.
          style={{ width: compact ? `max(100%, ${tableWidth(compact, columns)}px)` : tableWidth(compact, columns) }}
        >
          <Head
            headRef={headRef}
            columns={columns}
            compact={compact}
            headerRows={headerRows}
            divisionView={divisionView}
          />
          <Table.Tbody>
            {padTop > 0 && <tr aria-hidden style={{ height: padTop }} />}
            {items.map((virtual) => {
              const item = rows[virtual.index];
              if (!item) return null;
              return (
                <Row
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
                  height={rowHeight}
                  flash={item.id === flashId}
                />
              );
            })}
            {padBottom > 0 && <tr aria-hidden style={{ height: padBottom }} />}
          </Table.Tbody>
        </Table>
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
