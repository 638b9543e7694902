import type { ChallengeCategory, ChallengeInfo, DetailedGameInfoModel, GameDetailModel } from '@flagpole/contract';
import { ChallengeCategory as CategoryEnum } from '@flagpole/contract';
import { Alert, Center, Grid, Group, SimpleGrid, Skeleton, Stack, Switch, Tabs, Text } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconAlertCircle, IconConfetti, IconLayoutGrid, IconMoodEmpty } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { NotFoundPage } from '@/features/errors/components/not-found-page';
import { ApiError } from '@/lib/http';
import { showError } from '@/lib/notify';
import { usePageTitle } from '@/lib/use-page-title';
import { useGame } from '../api/get-game';
import { useGameDetails } from '../api/get-game-details';
import { parseId } from '../api/keys';
import { useGameLive } from '../hooks/use-game-live';
import { useNow } from '../hooks/use-now';
import { canOpenChallenges, gamePhase } from '../lib/game-status';
import { CATEGORY_STYLES } from './categories';
import { ChallengeCard } from './challenge-card';
import { ChallengeModal } from './challenge-modal';
import classes from './challenges-page.module.css';
import { GameShell } from './game-shell';
import { useNoticeToast } from './live-notifications';
import { NoticeFeed } from './notice-feed';
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
            />
          ))}
        </SimpleGrid>
      )}
      <ChallengeModal
        gameId={game.id}
        challenge={open}
        solved={open !== null && solvedIds.has(open.id)}
        onClose={() => setOpen(null)}
      />
    </Stack>
  );
}

function ChallengesContent({ game }: { game: DetailedGameInfoModel }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const now = useNow(10_000);
  const running = gamePhase(game.start, game.end, now) === 'running';
  const { data: details, error } = useGameDetails(game.id, running);
  const toast = useNoticeToast();
  const live = useGameLive(game.id, { onNotice: toast });
  usePageTitle(`${t('pages.gameChallenges')} · ${game.title}`);

  // The server refuses the board (game over, not accepted…): say why and go back to the game page.
  const refused = error instanceof ApiError && error.httpStatus === 400;
  useEffect(() => {
    if (!refused) return;
    showError(error);
    navigate(`/games/${game.id}`, { replace: true });
  }, [refused, error, game.id, navigate]);

  return (
    <GameShell game={game} active="challenges" live={live}>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 9 }}>
          {details ? (
            <Board game={game} details={details} />
          ) : error && !refused ? (
            <Alert color="red" icon={<IconAlertCircle />} title={t('challenges.board.loadFailed')}>
              {t('challenges.board.loadFailedText')}
            </Alert>
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
            {details && (
              <TeamRankCard
                item={details.rank}
                teamName={game.teamName}
                challengeCount={details.challengeCount}
                teamToken={details.teamToken}
              />
            )}
            <NoticeFeed gameId={game.id} />
          </Stack>
        </Grid.Col>
      </Grid>
    </GameShell>
  );
}

export default function GameChallengesPage() {
  const { t } = useTranslation();
  const id = parseId(useParams().id);
  const { data: game, error, isValidating } = useGame(id);
  const now = useNow(10_000);
  const allowed = game ? canOpenChallenges(game.status, gamePhase(game.start, game.end, now), game.practiceMode) : true;
  // A cached status may be stale (accepted since): only a fresh answer may send the player away.
  const refused = game !== undefined && !allowed && !isValidating;

  useEffect(() => {
    if (refused) showError(t('challenges.board.notAllowed'));
  }, [refused, t]);

  if (id === null || (error instanceof ApiError && error.httpStatus === 404)) return <NotFoundPage />;
  if (!game || (!allowed && isValidating)) return <PageLoader />;
  if (!allowed) return <Navigate to={`/games/${game.id}`} replace />;
  return <ChallengesContent game={game} />;
}
