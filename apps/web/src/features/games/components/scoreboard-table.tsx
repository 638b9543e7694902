import type { ChallengeInfo, ChallengeItem, ScoreboardItem, ScoreboardModel } from '@flagpole/contract';
import { Avatar, Button, Group, Pagination, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck, IconDropletFilled, IconSearch, IconUserCircle } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CategoryColumns, challengeColumns, pageOfTeam, pageTeams, solvesById } from '../lib/scoreboard-table';
import { BLOOD_COLORS, CATEGORY_STYLES } from './categories';
import classes from './scoreboard-table.module.css';

interface ScoreboardTableProps {
  board: ScoreboardModel;
  myTeamId: number | null;
  /** Phones: rank, team, score and solved only. */
  compact: boolean;
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
}: {
  item: ScoreboardItem;
  columns: CategoryColumns[];
  compact: boolean;
  mine: boolean;
}) {
  const { t } = useTranslation();
  const solves = useMemo(() => solvesById(item), [item]);
  return (
    <Table.Tr className={classes.row} data-mine={mine || undefined} aria-current={mine ? 'true' : undefined}>
      <Table.Td className={`${classes.sticky} ${classes.rankCell}`}>{item.rank > 0 ? item.rank : '—'}</Table.Td>
      <Table.Td className={`${classes.sticky} ${classes.teamCell}`}>
        <Group gap="xs" wrap="nowrap">
          {!compact && <Avatar src={item.avatar} alt="" size={24} radius="sm" name={item.name} color="initials" />}
          <Text size="sm" fw={mine ? 700 : 500} truncate title={item.bio ? `${item.name} — ${item.bio}` : item.name}>
            {item.name}
          </Text>
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
              points: solve.score,
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
        score: challenge.score,
        solves: challenge.solved,
      })}
    >
      <span className={classes.vertical}>{challenge.title}</span>
    </Table.Th>
  );
}

/** The ranked teams, 50 per page, searchable by name, with a per-challenge solve matrix on wide screens. */
export function ScoreboardTable({ board, myTeamId, compact }: ScoreboardTableProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query, 200);
  const [page, setPage] = useState(1);
  const columns = useMemo(() => challengeColumns(board.challenges), [board.challenges]);
  const view = useMemo(() => pageTeams(board.items, debounced, page), [board.items, debounced, page]);
  const myPage = myTeamId === null ? null : pageOfTeam(board.items, myTeamId);

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
              <Table.Th rowSpan={compact ? 1 : 2} className={`${classes.sticky} ${classes.rankCell}`}>
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
              <Row key={item.id} item={item} columns={columns} compact={compact} mine={item.id === myTeamId} />
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
