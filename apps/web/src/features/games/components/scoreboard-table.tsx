import type { ScoreboardItem, ScoreboardModel } from '@flagpole/contract';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch, IconUserCircle } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from '../hooks/use-scoreboard-table';
import {
  challengeColumns,
  type DivisionView,
  filterTeams,
  indexOfTeam,
  searchKeys,
  teamsInView,
} from '../lib/scoreboard-table';
import { ScoreboardGrid } from './scoreboard-grid';

interface ScoreboardTableProps {
  board: ScoreboardModel;
  myTeamId: number | null;
  /** Phones: rank, team, score and solved only (a team's solves open in its detail view). */
  compact: boolean;
  /** Opens a team's detail view (its solves). */
  onOpen: (item: ScoreboardItem) => void;
  /** A solo game: the rows are players (docs/game-play.md, "Solo games"). */
  solo?: boolean;
  /** Every team, or one division's teams ranked inside their division. */
  view: DivisionView;
}

/**
 * The ranked teams in one scrolling box with a sticky head (ScoreboardGrid), searchable by name, with a
 * per-challenge solve matrix on wide screens; "show my team" scrolls the caller's row into view.
 */
export function ScoreboardTable({
  board,
  myTeamId,
  compact,
  onOpen,
  view: divisionView,
  solo = false,
}: ScoreboardTableProps) {
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
  const [showTarget, setShowTarget] = useState<number | null>(null);
  const clearShowTarget = useCallback(() => setShowTarget(null), []);

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm" align="flex-end">
        <TextInput
          label={t(solo ? 'scoreboard.table.searchPlayers' : 'scoreboard.table.search')}
          placeholder={t(solo ? 'scoreboard.table.searchPlayersPlaceholder' : 'scoreboard.table.searchPlaceholder')}
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
              setShowTarget(myTeamId);
            }}
          >
            {solo ? t('scoreboard.table.findMe') : t('scoreboard.table.findMyTeam')}
          </Button>
        )}
      </Group>
      <ScoreboardGrid
        rows={rows}
        columns={columns}
        challenges={challenges}
        myTeamId={myTeamId}
        compact={compact}
        onOpen={onOpen}
        view={divisionView}
        divisionNames={divisionNames}
        filter={search.applied}
        showTarget={showTarget}
        onShown={clearShowTarget}
        emptyText={
          search.applied.trim()
            ? t(solo ? 'scoreboard.table.noMatchPlayers' : 'scoreboard.table.noMatch')
            : t(solo ? 'scoreboard.table.emptyPlayers' : 'scoreboard.table.empty')
        }
        solo={solo}
      />
      <Text size="sm" c="dimmed" aria-live="polite">
        {search.applied.trim()
          ? t(solo ? 'scoreboard.table.matchCountPlayers' : 'scoreboard.table.matchCount', {
              count: rows.length,
              total: teams.length,
            })
          : t(solo ? 'scoreboard.table.countPlayers' : 'scoreboard.table.count', { count: teams.length })}
      </Text>
    </Stack>
  );
}
