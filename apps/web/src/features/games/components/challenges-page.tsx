import type { ChallengeCategory, ChallengeInfo, DetailedGameInfoModel, GameDetailModel } from '@flagpole/contract';
import { ChallengeCategory as CategoryEnum } from '@flagpole/contract';
import { Alert, Button, Center, Grid, Group, SimpleGrid, Skeleton, Stack, Switch, Tabs, Text } from '@mantine/core';
import { useDisclosure, useLocalStorage } from '@mantine/hooks';
import {
  IconAlertCircle,
  IconConfetti,
  IconEye,
  IconFlagOff,
  IconHourglass,
  IconLayoutGrid,
  IconMoodEmpty,
  IconUsersPlus,
} from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { PageLoader } from '@/components/page-loader';
import { ScrollCue } from '@/components/scroll-cue';
import { useProfile } from '@/features/account/api/get-profile';
import { NotFoundPage } from '@/features/errors/components/not-found-page';
import { ApiError } from '@/lib/http';
import { usePageTitle } from '@/lib/use-page-title';
import { useGame } from '../api/get-game';
import { useGameDetails } from '../api/get-game-details';
import { parseId } from '../api/keys';
import { useGameLive } from '../hooks/use-game-live';
import { useNow } from '../hooks/use-now';
import { canOpenChallenges, canPreviewBoard, type GamePhase, gamePhase } from '../lib/game-status';
import { CATEGORY_STYLES } from './categories';
import { ChallengeCard } from './challenge-card';
import { ChallengeModal } from './challenge-modal';
import classes from './challenges-page.module.css';
import { GameShell } from './game-shell';
import { JoinGameModal } from './join-game-modal';
import { useNoticeToast } from './live-notifications';
import { NoticeFeed } from './notice-feed';
import { TeamEntryNotice, useTeamEntry } from './team-entry-notice';
import { TeamRankCard } from './team-rank-card';

const HIDE_SOLVED_KEY = 'flagpole:hide-solved';
const HASH_PREFIX = '#challenge-';

type CategoryFilter = ChallengeCategory | 'All';

function challengeIdFromHash(hash: string): number | null {
  if (!hash.startsWith(HASH_PREFIX)) return null;
  const id = Number(hash.slice(HASH_PREFIX.length));
  return Number.isInteger(id) && id > 0 ? id : null;
}

function Board({ game, details }: { game: DetailedGameInfoModel; details: GameDetailModel }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { hash } = useLocation();
  const now = useNow(30_000);
  const [category, setCategory] = useState<CategoryFilter>('All');
  const [hideSolved, setHideSolved] = useLocalStorage({ key: HIDE_SOLVED_KEY, defaultValue: false });

  const solvedIds = useMemo(
    () => new Set((details.rank?.solvedChallenges ?? []).filter((s) => s.type !== 'Unaccepted').map((s) => s.id)),
    [details.rank],
  );
  const categories = CategoryEnum.options.filter((name) => (details.challenges[name]?.length ?? 0) > 0);
  const all = categories.flatMap((name) => details.challenges[name] ?? []);
  const titles = new Map(all.map((challenge) => [challenge.id, challenge.title]));
  const inCategory = category === 'All' ? all : (details.challenges[category] ?? []);
  const visible = hideSolved ? inCategory.filter((challenge) => !solvedIds.has(challenge.id)) : inCategory;

  const openId = challengeIdFromHash(hash);
  const open = openId === null ? null : (all.find((challenge) => challenge.id === openId) ?? null);
  const setOpen = (challenge: ChallengeInfo | null) =>
    navigate({ hash: challenge ? `${HASH_PREFIX}${challenge.id}` : '' }, { replace: true });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap-reverse">
        <Tabs
          variant="pills"
          value={category}
          onChange={(value) => setCategory((value as CategoryFilter | null) ?? 'All')}
          style={{ flex: '1 1 320px', minWidth: 0 }}
        >
          <ScrollCue>
            <Tabs.List aria-label={t('challenges.filter.label')} className={classes.tabList}>
              <Tabs.Tab value="All" leftSection={<IconLayoutGrid size={16} />}>
                {t('challenges.filter.all', { total: all.length })}
              </Tabs.Tab>
              {categories.map((name) => {
                const style = CATEGORY_STYLES[name];
                return (
                  <Tabs.Tab key={name} value={name} color={style.color} leftSection={<style.icon size={16} />}>
                    {t(`challenges.categories.${name}.name`)} ({details.challenges[name]?.length ?? 0})
                  </Tabs.Tab>
                );
              })}
            </Tabs.List>
          </ScrollCue>
        </Tabs>
        <Switch
          label={t('challenges.filter.hideSolved')}
          checked={hideSolved}
          onChange={(event) => setHideSolved(event.currentTarget.checked)}
        />
      </Group>
      {category !== 'All' && (
        <Text size="sm" c="dimmed">
          {t(`challenges.categories.${category}.description`)}
        </Text>
      )}
      {all.length === 0 ? (
        <Center py={60}>
          <Stack align="center" gap="xs">
            <IconMoodEmpty size={48} stroke={1.2} aria-hidden />
            <Text fw={600}>{t('challenges.board.emptyTitle')}</Text>
            <Text size="sm" c="dimmed">
              {t('challenges.board.emptyText')}
            </Text>
          </Stack>
        </Center>
      ) : visible.length === 0 ? (
        <Center py={60}>
          <Stack align="center" gap="xs">
            <IconConfetti size={48} stroke={1.2} aria-hidden />
            <Text fw={600}>{t('challenges.board.allSolved')}</Text>
          </Stack>
        </Center>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="md">
          {visible.map((challenge) => (
            <ChallengeCard
              key={challenge.id}
              challenge={challenge}
              solved={solvedIds.has(challenge.id)}
              myTeamId={details.rank?.id ?? null}
              now={now}
              onOpen={setOpen}
              titles={titles}
            />
          ))}
        </SimpleGrid>
      )}
      <ChallengeModal
        gameId={game.id}
        challenge={open}
        solved={open !== null && solvedIds.has(open.id)}
        preview={details.preview === true}
        flagFormat={game.flagFormat ?? null}
        flagFormatCheck={game.flagFormatCheck === true}
        solo={game.individual === true}
        onClose={() => setOpen(null)}
      />
    </Stack>
  );
}

function ChallengesContent({ game, preview }: { game: DetailedGameInfoModel; preview: boolean }) {
  const { t } = useTranslation();
  const now = useNow(10_000);
  const running = gamePhase(game.start, game.end, now) === 'running';
  const { data: details, error, mutate } = useGameDetails(game.id, running);
  const toast = useNoticeToast();
  const live = useGameLive(game.id, { onNotice: toast });
  usePageTitle(`${t('pages.gameChallenges')} · ${game.title}`);

  // The server refuses the board (game over, entry not accepted…): say why here, with the way back.
  const refused = error instanceof ApiError && error.httpStatus >= 400 && error.httpStatus < 500;

  return (
    <GameShell game={game} active="challenges" live={live}>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 9 }}>
          {details ? (
            <Stack gap="md">
              {details.preview && (
                <Alert color="blue" icon={<IconEye />} title={t('challenges.preview.title')}>
                  {t('challenges.preview.text')}
                </Alert>
              )}
              <Board game={game} details={details} />
            </Stack>
          ) : error ? (
            <Stack gap="sm" align="flex-start">
              <ErrorAlert
                error={error}
                title={refused ? t('challenges.board.closedTitle') : t('challenges.board.loadFailed')}
                onRetry={() => mutate()}
              />
              {refused && (
                <Button component={Link} to={`/games/${game.id}`} variant="default">
                  {t('challenges.board.toGame')}
                </Button>
              )}
            </Stack>
          ) : (
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
              {[1, 2, 3, 4, 5, 6].map((n) => (
                <Skeleton key={n} h={120} radius="md" />
              ))}
            </SimpleGrid>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 3 }}>
          <Stack gap="md">
            {details && !preview && !details.preview && (
              <TeamRankCard
                item={details.rank}
                teamName={game.teamName}
                challengeCount={details.challengeCount}
                teamToken={details.teamToken}
                divisionName={game.divisions?.find((division) => division.id === details.rank?.divisionId)?.name}
                solo={game.individual === true}
                memberProgress={game.memberProgress === true}
              />
            )}
            <NoticeFeed gameId={game.id} />
          </Stack>
        </Grid.Col>
      </Grid>
    </GameShell>
  );
}

/**
 * The board is closed to the caller: say why (not in the game, waiting for review, not started, over…) and what
 * to do, on the page itself, instead of sending them back without a word.
 */
function BoardClosed({ game, phase }: { game: DetailedGameInfoModel; phase: GamePhase }) {
  const { t } = useTranslation();
  const [joinOpened, joinModal] = useDisclosure(false);
  const entry = useTeamEntry(game, true, joinModal.open);
  usePageTitle(`${t('pages.gameChallenges')} · ${game.title}`);
  const toGame = (
    <Button component={Link} to={`/games/${game.id}`} variant="default">
      {t('challenges.board.toGame')}
    </Button>
  );
  let body: React.ReactNode;
  if (phase === 'upcoming') {
    body = (
      <Alert color="blue" icon={<IconHourglass />} title={t('challenges.closed.upcomingTitle')}>
        {t('challenges.closed.upcomingText', { date: dayjs(game.start).format('LLL') })}
      </Alert>
    );
  } else if (phase === 'ended' && !game.practiceMode) {
    body = (
      <Alert color="gray" icon={<IconFlagOff />} title={t('challenges.closed.endedTitle')}>
        {t('challenges.closed.endedText')}
      </Alert>
    );
  } else if (game.status === 'Unsubmitted') {
    body = entry.team ? (
      <TeamEntryNotice entry={entry} />
    ) : (
      <Alert color="blue" icon={<IconUsersPlus />} title={t('challenges.closed.notInGameTitle')}>
        {t('challenges.closed.notInGameText')}
      </Alert>
    );
  } else {
    const key = game.status as 'Pending' | 'Rejected' | 'Suspended';
    body = (
      <Alert
        color={key === 'Pending' ? 'yellow' : 'orange'}
        icon={<IconAlertCircle />}
        title={t(`games.participation.${key}.title`)}
      >
        {t(`games.participation.${key}.text`, { team: game.teamName ?? '' })}
      </Alert>
    );
  }
  return (
    <GameShell game={game} active="challenges">
      <Stack gap="md" align="flex-start" maw={720}>
        {body}
        {toGame}
        <JoinGameModal game={game} opened={joinOpened} onClose={joinModal.close} />
      </Stack>
    </GameShell>
  );
}

export default function GameChallengesPage() {
  const id = parseId(useParams().id);
  const { data: game, error, isValidating } = useGame(id);
  const { user } = useProfile();
  const now = useNow(10_000);
  const phase = game ? gamePhase(game.start, game.end, now) : 'running';
  const playing = game ? canOpenChallenges(game.status, phase, game.practiceMode) : false;
  const preview = !playing && canPreviewBoard(user?.role, phase);

  if (id === null || (error instanceof ApiError && error.httpStatus === 404)) return <NotFoundPage />;
  if (!game) return <PageLoader />;
  if (playing || preview) return <ChallengesContent game={game} preview={preview} />;
  // A cached status may be stale (accepted since): wait for the fresh answer before explaining.
  if (isValidating) return <PageLoader />;
  return <BoardClosed game={game} phase={phase} />;
}
