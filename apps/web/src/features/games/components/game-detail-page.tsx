import type { DetailedGameInfoModel, ParticipationStatus } from '@flagpole/contract';
import { Alert, Badge, Button, Card, Grid, Group, Image, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import {
  IconAlertCircle,
  IconDoorExit,
  IconEyeOff,
  IconFlag,
  IconLogin2,
  IconSchool,
  IconUsers,
  IconUsersPlus,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { Markdown } from '@/components/markdown';
import { PageContainer } from '@/components/page-container';
import { useProfile } from '@/features/account/api/get-profile';
import { NotFoundPage } from '@/features/errors/components/not-found-page';
import { MonitorButton } from '@/features/monitor/components/monitor-button';
import { WriteupCard } from '@/features/writeups/components/writeup-card';
import { ApiError } from '@/lib/http';
import { errorText, showError, showSuccess } from '@/lib/notify';
import { usePageTitle } from '@/lib/use-page-title';
import { useGame } from '../api/get-game';
import { parseId } from '../api/keys';
import { useLeaveGame } from '../api/leave-game';
import { useNow } from '../hooks/use-now';
import { canOpenChallenges, gamePhase } from '../lib/game-status';
import classes from './game-detail-page.module.css';
import { GamePhaseBadge } from './game-phase-badge';
import { GameProgress } from './game-progress';
import { JoinGameModal } from './join-game-modal';
import { RosterCard } from './roster-card';
import { ScoreboardButton } from './scoreboard-button';
import { type TeamEntry, TeamEntryButton, TeamEntryNotice, useTeamEntry } from './team-entry-notice';

const STATUS_ALERT: Partial<
  Record<ParticipationStatus, { color: string; key: 'Pending' | 'Rejected' | 'Suspended' | 'Accepted' }>
> = {
  Pending: { color: 'yellow', key: 'Pending' },
  Rejected: { color: 'red', key: 'Rejected' },
  Suspended: { color: 'orange', key: 'Suspended' },
  Accepted: { color: 'teal', key: 'Accepted' },
};

function ParticipationAlert({ game }: { game: DetailedGameInfoModel }) {
  const { t } = useTranslation();
  const entry = STATUS_ALERT[game.status];
  if (!entry) return null;
  return (
    <Alert color={entry.color} icon={<IconAlertCircle />} title={t(`games.participation.${entry.key}.title`)}>
      {t(`games.participation.${entry.key}.text`, { team: game.teamName ?? '' })}
    </Alert>
  );
}

function GameActions({
  game,
  entry,
  joinOpened,
  joinModal,
}: {
  game: DetailedGameInfoModel;
  entry: TeamEntry;
  joinOpened: boolean;
  joinModal: { open: () => void; close: () => void };
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { user } = useProfile();
  const now = useNow(5000);
  const leave = useLeaveGame(game.id);
  const phase = gamePhase(game.start, game.end, now);
  const joinable = phase !== 'ended' || game.practiceMode;

  const confirmLeave = () =>
    modals.openConfirmModal({
      title: t('games.leave.title'),
      children: <Text size="sm">{t('games.leave.text', { team: game.teamName ?? '' })}</Text>,
      labels: { confirm: t('games.leave.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await leave();
          showSuccess(t('games.leave.success'));
        } catch (error) {
          showError(error, { title: t('games.leave.failed') });
        }
      },
    });

  return (
    <Group gap="sm">
      {!user ? (
        <Button
          component={Link}
          to={`/account/login?from=${encodeURIComponent(pathname)}`}
          leftSection={<IconLogin2 size={18} />}
        >
          {t('games.actions.signInToJoin')}
        </Button>
      ) : game.status === 'Unsubmitted' && joinable && entry.canJoin ? (
        <TeamEntryButton entry={entry} />
      ) : game.status === 'Unsubmitted' && joinable && !entry.team ? (
        <Button onClick={joinModal.open} leftSection={<IconUsersPlus size={18} />}>
          {t('games.actions.join')}
        </Button>
      ) : null}
      {(game.status === 'Pending' || game.status === 'Rejected') && (
        <Button variant="light" color="red" onClick={confirmLeave} leftSection={<IconDoorExit size={18} />}>
          {t('games.actions.leave')}
        </Button>
      )}
      {canOpenChallenges(game.status, phase, game.practiceMode) && (
        <Button component={Link} to={`/games/${game.id}/challenges`} leftSection={<IconFlag size={18} />}>
          {t('games.actions.challenges')}
        </Button>
      )}
      {phase !== 'upcoming' && <ScoreboardButton gameId={game.id} />}
      {phase !== 'upcoming' && <MonitorButton gameId={game.id} />}
      {user && <JoinGameModal game={game} opened={joinOpened} onClose={joinModal.close} />}
    </Group>
  );
}

function GameDetail({ game }: { game: DetailedGameInfoModel }) {
  const { t } = useTranslation();
  const now = useNow(30_000);
  usePageTitle(game.title);
  const phase = gamePhase(game.start, game.end, now);
  const { user } = useProfile();
  const [joinOpened, joinModal] = useDisclosure(false);
  const entry = useTeamEntry(game, user !== null, joinModal.open);

  return (
    <>
      {/* The poster is a picture of its own beside the title (above it on a phone), never under text. */}
      <section className={classes.banner}>
        <PageContainer py={{ base: 'xl', sm: 56 }}>
          <div className={game.poster ? classes.withPoster : undefined}>
            {game.poster && (
              <Image
                src={game.poster}
                alt={t('games.detail.posterAlt', { title: game.title })}
                className={classes.poster}
                fit="contain"
                radius="md"
                data-testid="game-poster"
              />
            )}
            <Stack gap="sm" className={classes.heading}>
              <Group gap="xs">
                <GamePhaseBadge phase={phase} size="lg" />
                {game.practiceMode && phase === 'ended' && (
                  <Badge size="lg" variant="light" color="grape" leftSection={<IconSchool size={14} />}>
                    {t('games.badges.practiceOpen')}
                  </Badge>
                )}
                {game.hidden && (
                  <Badge size="lg" variant="light" color="gray" leftSection={<IconEyeOff size={14} />}>
                    {t('games.badges.hidden')}
                  </Badge>
                )}
              </Group>
              <Title order={1} className={classes.title}>
                {game.title}
              </Title>
              {game.summary && (
                <Text size="lg" className={classes.summary}>
                  {game.summary}
                </Text>
              )}
              <GameActions game={game} entry={entry} joinOpened={joinOpened} joinModal={joinModal} />
            </Stack>
          </div>
        </PageContainer>
      </section>
      <PageContainer>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
            <Stack gap="lg">
              <TeamEntryNotice entry={entry} />
              <ParticipationAlert game={game} />
              <RosterCard game={game} userId={user?.userId ?? null} />
              <WriteupCard game={game} />
              {game.content ? (
                <Paper withBorder p="lg">
                  <Markdown source={game.content} />
                </Paper>
              ) : (
                <Text c="dimmed">{t('games.detail.noContent')}</Text>
              )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
            <Card withBorder padding="lg">
              <Stack gap="md">
                <GameProgress start={game.start} end={game.end} />
                <Group justify="space-between">
                  <Group gap={6}>
                    <IconUsers size={18} aria-hidden />
                    <Text size="sm">{t('games.detail.teamCount', { count: game.teamCount })}</Text>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {game.limit > 0 ? t('games.teamSizeLimit', { count: game.limit }) : t('games.teamSizeUnlimited')}
                  </Text>
                </Group>
                {game.practiceMode && phase !== 'ended' && (
                  <Group gap={6} wrap="nowrap" align="flex-start">
                    <IconSchool size={18} aria-hidden style={{ flexShrink: 0 }} />
                    <Text size="sm">{t('games.detail.practiceAfterEnd')}</Text>
                  </Group>
                )}
                {game.teamName && (
                  <Text size="sm">
                    {t('games.detail.yourTeam')}{' '}
                    <Text span fw={700}>
                      {game.teamName}
                    </Text>
                  </Text>
                )}
                {game.teamName && game.division !== null && (
                  <Text size="sm">
                    {t('games.detail.yourDivision')}{' '}
                    <Text span fw={700}>
                      {game.divisions?.find((division) => division.id === game.division)?.name ?? ''}
                    </Text>
                  </Text>
                )}
              </Stack>
            </Card>
          </Grid.Col>
        </Grid>
      </PageContainer>
    </>
  );
}

export default function GameDetailPage() {
  const { t } = useTranslation();
  const id = parseId(useParams().id);
  const { data: game, error } = useGame(id);
  if (id === null || (error instanceof ApiError && error.httpStatus === 404)) return <NotFoundPage />;
  if (!game) {
    if (error) {
      return (
        <PageContainer>
          <Alert color="red" icon={<IconAlertCircle />} title={t('games.detail.loadFailed')}>
            {errorText(error)}
          </Alert>
        </PageContainer>
      );
    }
    return (
      <PageContainer>
        <Stack>
          <Skeleton h={220} />
          <Skeleton h={24} w="60%" />
          <Skeleton h={160} />
        </Stack>
      </PageContainer>
    );
  }
  return <GameDetail game={game} />;
}
