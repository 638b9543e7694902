import type { DetailedGameInfoModel, ScoreboardItem, ScoreboardModel } from '@flagpole/contract';
import { unpackBloodBonus } from '@flagpole/contract';
import { Alert, Card, Grid, Group, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconHourglass } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { PageLoader } from '@/components/page-loader';
import { NotFoundPage } from '@/features/errors/components/not-found-page';
import { ApiError } from '@/lib/http';
import { usePageTitle } from '@/lib/use-page-title';
import { useGame } from '../api/get-game';
import { useGameDetails } from '../api/get-game-details';
import { useMyTeams } from '../api/get-my-teams';
import { useScoreboard } from '../api/get-scoreboard';
import { parseId } from '../api/keys';
import { useGameLive } from '../hooks/use-game-live';
import { useNow } from '../hooks/use-now';
import { isBoardFrozen } from '../lib/freeze';
import { canOpenChallenges, gamePhase } from '../lib/game-status';
import { findMyTeam } from '../lib/my-team';
import { type DivisionView, timelineOf } from '../lib/scoreboard-table';
import { BLOOD_COLOR_VARIABLES, BLOOD_ORDER } from './categories';
import { FreezeBanner, useIsOrganiser } from './freeze-banner';
import { GameShell } from './game-shell';
import { useNoticeToast } from './live-notifications';
import { ScoreChart } from './score-chart';
import { ScoreboardPhaseSwitch } from './scoreboard-phase-switch';
import { ScoreboardTable } from './scoreboard-table';
import tableClasses from './scoreboard-table.module.css';
import { TeamRankCard } from './team-rank-card';
import { TeamSolvesDrawer } from './team-solves-drawer';

function BloodLegend({ packed }: { packed: number }) {
  const { t } = useTranslation();
  const bonus = unpackBloodBonus(packed);
  const perMille = { FirstBlood: bonus.first, SecondBlood: bonus.second, ThirdBlood: bonus.third };
  return (
    <Group
      gap="md"
      component="ul"
      m={0}
      p={0}
      style={{ listStyle: 'none', ...BLOOD_COLOR_VARIABLES }}
      aria-label={t('scoreboard.legend.label')}
    >
      {BLOOD_ORDER.map((type) => (
        <Group key={type} gap={4} component="li" wrap="nowrap">
          <span className={tableClasses.mark} data-solve={type} aria-hidden />
          <Text size="xs">{t(`scoreboard.legend.${type}`, { bonus: (perMille[type] / 10).toFixed(1) })}</Text>
        </Group>
      ))}
      <Group gap={4} component="li" wrap="nowrap">
        <span className={tableClasses.mark} data-solve="Normal" aria-hidden />
        <Text size="xs">{t('scoreboard.legend.Normal')}</Text>
      </Group>
    </Group>
  );
}

/**
 * The caller's row, by team id: from the own board while the team may play (usually cached by the challenges
 * page), else from the caller's teams (the own board is closed after a game).
 */
function useMyTeamRow(game: DetailedGameInfoModel, board: ScoreboardModel, now: number): ScoreboardItem | null {
  const playing = game.teamName !== null;
  const boardOpen = playing && canOpenChallenges(game.status, gamePhase(game.start, game.end, now), game.practiceMode);
  const details = useGameDetails(boardOpen ? game.id : null, false);
  const teamId = details.data?.rank?.id ?? null;
  const needTeams = playing && teamId === null && (!boardOpen || details.error !== undefined);
  const { data: teams } = useMyTeams(needTeams);
  const myTeamIds = useMemo(() => teams?.map((team) => team.id) ?? null, [teams]);
  return useMemo(
    () => findMyTeam(board.items, { teamName: game.teamName, teamId, myTeamIds }),
    [board.items, game.teamName, teamId, myTeamIds],
  );
}

function Board({ game, board }: { game: DetailedGameInfoModel; board: ScoreboardModel }) {
  const { t } = useTranslation();
  const now = useNow(30_000);
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const mine = useMyTeamRow(game, board, now);
  // A division that was deleted since it was chosen falls back to every team.
  const [chosen, setChosen] = useState<DivisionView>('all');
  const view: DivisionView = chosen !== 'all' && board.divisions.some((d) => d.id === chosen) ? chosen : 'all';
  const timeline = timelineOf(board.timelines, view);
  const [openId, setOpenId] = useState<number | null>(null);
  // Stable, so the table's memoised rows do not all render again when the page does.
  const openTeam = useCallback((item: ScoreboardItem) => setOpenId(item.id), []);
  const open = openId === null ? null : (board.items.find((item) => item.id === openId) ?? null);
  // Phones get the chart too, shorter and with the top five teams, so the lines stay apart.
  const chartTeams = timeline ? (phone ? timeline.teams.slice(0, 5) : timeline.teams) : [];
  const myDivision = board.divisions.find((division) => division.id === mine?.divisionId)?.name ?? null;
  const solo = game.individual === true;

  return (
    <Stack gap="lg">
      <Grid gap="lg">
        {mine && phone && (
          <Grid.Col span={12}>
            <TeamRankCard
              item={mine}
              teamName={game.teamName}
              challengeCount={board.challengeCount}
              divisionName={myDivision}
              solo={solo}
            />
          </Grid.Col>
        )}
        <Grid.Col span={{ base: 12, md: mine ? 9 : 12 }}>
          <Card withBorder padding="md" component="section" aria-labelledby="score-chart-heading">
            <Title order={2} size="h4" id="score-chart-heading" mb="sm">
              {view === 'all'
                ? t(solo ? 'scoreboard.chart.headingPlayers' : 'scoreboard.chart.heading')
                : t('scoreboard.chart.divisionHeading', {
                    division: board.divisions.find((division) => division.id === view)?.name ?? '',
                  })}
            </Title>
            {chartTeams.length > 0 ? (
              <ScoreChart teams={chartTeams} start={game.start} end={game.end} now={now} height={phone ? 220 : 320} />
            ) : (
              <Text c="dimmed" ta="center" py="xl">
                {t('scoreboard.chart.empty')}
              </Text>
            )}
          </Card>
        </Grid.Col>
        {mine && !phone && (
          <Grid.Col span={{ base: 12, md: 3 }}>
            <TeamRankCard
              item={mine}
              teamName={game.teamName}
              challengeCount={board.challengeCount}
              divisionName={myDivision}
              solo={solo}
            />
          </Grid.Col>
        )}
      </Grid>
      <Card withBorder padding="md" component="section" aria-labelledby="scoreboard-heading">
        <Stack gap="sm">
          <Group justify="space-between" align="baseline" gap="xs">
            <Title order={2} size="h4" id="scoreboard-heading">
              {t('scoreboard.table.heading')}
            </Title>
            <Text size="xs" c="dimmed">
              {t('scoreboard.updated', { time: dayjs(board.updateTimeUtc).format('LTS') })}
            </Text>
          </Group>
          {board.divisions.length > 0 && (
            <Select
              label={t('scoreboard.division.filter')}
              description={t('scoreboard.division.filterHint')}
              data={[
                { value: 'all', label: t('scoreboard.division.all') },
                ...board.divisions.map((division) => ({ value: String(division.id), label: division.name })),
              ]}
              value={view === 'all' ? 'all' : String(view)}
              onChange={(value) => setChosen(value === null || value === 'all' ? 'all' : Number(value))}
              allowDeselect={false}
              w={{ base: '100%', xs: 280 }}
            />
          )}
          <BloodLegend packed={board.bloodBonus} />
          <Text size="xs" c="dimmed">
            {solo
              ? t(phone ? 'scoreboard.team.hintPhoneSolo' : 'scoreboard.team.hintSolo')
              : t(phone ? 'scoreboard.team.hintPhone' : 'scoreboard.team.hint')}
          </Text>
          <ScoreboardTable
            board={board}
            myTeamId={mine?.id ?? null}
            compact={phone}
            onOpen={openTeam}
            view={view}
            solo={solo}
          />
        </Stack>
      </Card>
      <TeamSolvesDrawer
        board={board}
        team={open}
        onClose={() => setOpenId(null)}
        memberProgress={game.memberProgress === true}
        solo={solo}
      />
    </Stack>
  );
}

/**
 * The game phase whose board is shown (docs/game-play.md, "Phases"), remembered in the address as `?phase=`; null
 * for the whole game, also when the address names a phase the game does not have (any more).
 */
function useChosenGamePhase(game: DetailedGameInfoModel): [number | null, (phaseId: number | null) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('phase');
  const chosen = game.phases?.find((p) => String(p.id) === raw)?.id ?? null;
  const choose = useCallback(
    (phaseId: number | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (phaseId === null) next.delete('phase');
          else next.set('phase', String(phaseId));
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [chosen, choose];
}

function ScoreboardContent({ game }: { game: DetailedGameInfoModel }) {
  const { t } = useTranslation();
  const now = useNow(10_000);
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const phase = gamePhase(game.start, game.end, now);
  const [gamePhaseId, chooseGamePhase] = useChosenGamePhase(game);
  const gamePhases = game.phases ?? [];
  // During a freeze organisers read the live board and may switch to what players see.
  const [playersView, setPlayersView] = useState(false);
  const organiser = useIsOrganiser();
  const frozen = isBoardFrozen(game, now);
  const {
    data: board,
    error,
    mutate,
  } = useScoreboard(
    phase === 'upcoming' ? null : game.id,
    phase === 'running',
    organiser && frozen && playersView,
    gamePhaseId,
  );
  const toast = useNoticeToast();
  const live = useGameLive(phase === 'upcoming' ? null : game.id, { onNotice: toast });
  usePageTitle(`${t('pages.gameScoreboard')} · ${game.title}`);

  let body: React.ReactNode;
  if (phase === 'upcoming') {
    body = (
      <Alert color="blue" icon={<IconHourglass />} title={t('scoreboard.notStarted')}>
        {t('scoreboard.notStartedText', { date: dayjs(game.start).format('LLL') })}
      </Alert>
    );
  } else if (board) {
    body = (
      <Stack gap="lg">
        <FreezeBanner game={game} now={now} playersView={playersView} onPlayersView={setPlayersView} />
        {gamePhases.length > 0 && (
          <ScoreboardPhaseSwitch phases={gamePhases} value={gamePhaseId} onChange={chooseGamePhase} compact={phone} />
        )}
        <Board game={game} board={board} />
      </Stack>
    );
  } else if (error) {
    body = <ErrorAlert error={error} title={t('scoreboard.loadFailed')} onRetry={() => mutate()} />;
  } else {
    body = (
      <Stack>
        <Skeleton h={320} />
        <Skeleton h={400} />
      </Stack>
    );
  }

  return (
    <GameShell game={game} active="scoreboard" live={phase === 'upcoming' ? undefined : live}>
      {body}
    </GameShell>
  );
}

export default function GameScoreboardPage() {
  const id = parseId(useParams().id);
  const { data: game, error } = useGame(id);
  if (id === null || (error instanceof ApiError && error.httpStatus === 404)) return <NotFoundPage />;
  if (!game) return <PageLoader />;
  return <ScoreboardContent game={game} />;
}
