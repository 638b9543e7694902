import type { ChallengeInfo, ChallengeItem, ScoreboardItem, ScoreboardModel } from '@flagpole/contract';
import { Avatar, Button, Group, Pagination, Stack, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck, IconDropletFilled, IconSearch, IconUserCircle } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CategoryColumns,
  challengeColumns,
  type DivisionView,
  pageOfTeam,
  pageTeams,
  placeInView,
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
  columns,
  compact,
  mine,
  onOpen,
  view,
  division,
}: {
  item: ScoreboardItem;
  columns: CategoryColumns[];
  compact: boolean;
  mine: boolean;
  onOpen: (item: ScoreboardItem) => void;
  view: DivisionView;
  /** The team's division, shown under its name in the overall view. */
  division: string | null;
}) {
  const { t } = useTranslation();
  const solves = useMemo(() => solvesById(item), [item]);
  const place = placeInView(item, view);
  return (
    <Table.Tr
      className={classes.row}
      data-mine={mine || undefined}
      aria-current={mine ? 'true' : undefined}
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
      {!compact &&
        columns.flatMap((group) =>
          group.challenges.map((challenge) => {
            const solve = solves.get(challenge.id);
            if (!solve) return <Table.Td key={challenge.id} className={classes.cell} />;
            const label = t(`scoreboard.table.solve.${solve.type}`, {
              challenge: challenge.title,
              points: t('scoreboard.points', { count: solve.score }),
              time: dayjs(solve.time).format('lll'),
            });
            return (
              <Table.Td key={challenge.id} className={classes.cell} title={label} aria-label={label}>
                <SolveIcon solve={solve} />
              </Table.Td>
            );
          }),
        )}
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

/** The ranked teams, 50 per page, searchable by name, with a per-challenge solve matrix on wide screens. */
export function ScoreboardTable({ board, myTeamId, compact, onOpen, view: divisionView }: ScoreboardTableProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query, 200);
  const [page, setPage] = useState(1);
  const columns = useMemo(() => challengeColumns(board.challenges), [board.challenges]);
  const teams = useMemo(() => teamsInView(board.items, divisionView), [board.items, divisionView]);
  const view = useMemo(() => pageTeams(teams, debounced, page), [teams, debounced, page]);
  const myPage = myTeamId === null ? null : pageOfTeam(teams, myTeamId);
  const divisionNames = useMemo(
    () => new Map(board.divisions.map((division) => [division.id, division.name])),
    [board.divisions],
  );

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm">
        <TextInput
          label={t('scoreboard.table.search')}
          placeholder={t('scoreboard.table.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={query}
          onChange={(event) => {
            setQuery(event.currentTarget.value);
            setPage(1);
          }}
          w={{ base: '100%', xs: 280 }}
        />
        {myPage !== null && (
          <Button
            variant="light"
            leftSection={<IconUserCircle size={16} />}
            onClick={() => {
              setQuery('');
              setPage(myPage);
            }}
          >
            {t('scoreboard.table.findMyTeam')}
          </Button>
        )}
      </Group>
      <div className={classes.scroller}>
        <Table className={classes.table} highlightOnHover verticalSpacing={6} horizontalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th
                rowSpan={compact ? 1 : 2}
                className={`${classes.sticky} ${classes.rankCell}`}
                // In a division's view the narrow column holds the division rank; its name says so.
                aria-label={divisionView === 'all' ? undefined : t('scoreboard.table.divisionRank')}
                title={divisionView === 'all' ? undefined : t('scoreboard.table.divisionRank')}
              >
                {t('scoreboard.table.rank')}
              </Table.Th>
              <Table.Th rowSpan={compact ? 1 : 2} className={`${classes.sticky} ${classes.teamCell}`}>
                {t('scoreboard.table.team')}
              </Table.Th>
              <Table.Th rowSpan={compact ? 1 : 2} className={`${classes.sticky} ${classes.scoreCell}`}>
                {t('scoreboard.table.score')}
              </Table.Th>
              <Table.Th rowSpan={compact ? 1 : 2} className={classes.numCell}>
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
            {!compact && columns.length > 0 && (
              <Table.Tr>
                {columns.flatMap((group) =>
                  group.challenges.map((challenge) => <ChallengeHeader key={challenge.id} challenge={challenge} />),
                )}
              </Table.Tr>
            )}
          </Table.Thead>
          <Table.Tbody>
            {view.rows.map((item) => (
              <Row
                key={item.id}
                item={item}
                columns={columns}
                compact={compact}
                mine={item.id === myTeamId}
                onOpen={onOpen}
                view={divisionView}
                division={
                  divisionView === 'all' && item.divisionId !== null
                    ? (divisionNames.get(item.divisionId) ?? null)
                    : null
                }
              />
            ))}
          </Table.Tbody>
        </Table>
        {view.rows.length === 0 && (
          <Text c="dimmed" ta="center" py="lg">
            {debounced.trim() ? t('scoreboard.table.noMatch') : t('scoreboard.table.empty')}
          </Text>
        )}
      </div>
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          {t('scoreboard.table.count', { count: view.total })}
        </Text>
        {view.pageCount > 1 && (
          <Pagination
            total={view.pageCount}
            value={view.page}
            onChange={setPage}
            size="sm"
            siblings={compact ? 0 : 1}
            getControlProps={(control) => ({ 'aria-label': t(`games.list.pager.${control}`) })}
          />
        )}
      </Group>
    </Stack>
  );
}
