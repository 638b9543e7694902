import { type CheatInfoModel, type ParticipationModel, type ParticipationStatus, roleRank } from '@flagpole/contract';
import { Avatar, Badge, Button, Card, Center, Grid, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowBackUp, IconBan, IconSearch, IconShieldExclamation } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfile } from '@/features/account/api/get-profile';
import { useGame } from '@/features/games/api/get-game';
import { showError, showSuccess } from '@/lib/notify';
import { useCheatInfo } from '../api/get-cheat-info';
import { useSetParticipationStatus } from '../api/set-participation-status';
import { AnswerBadge } from './answer-badge';
import classes from './feed.module.css';
import { FeedState } from './feed-state';
import { WithGameId } from './monitor-route';
import { MonitorShell } from './monitor-shell';
import { TimeCell } from './time-cell';

const STATUS_COLORS: Record<ParticipationStatus, string> = {
  Pending: 'yellow',
  Accepted: 'green',
  Rejected: 'red',
  Suspended: 'orange',
  Unsubmitted: 'gray',
};

function matches(item: CheatInfoModel, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  const { submission, submitTeam, ownedTeam } = item;
  return [submitTeam.team.name, ownedTeam.team.name, submission.user, submission.challenge, submission.answer].some(
    (text) => text.toLowerCase().includes(needle),
  );
}

/**
 * Suspend an accepted team, or take a suspended one back; both after a confirmation. `solo`: a solo game, whose
 * team is the player, so the texts speak of a player.
 */
function StatusAction({
  gameId,
  participation,
  solo,
}: {
  gameId: number;
  participation: ParticipationModel;
  solo: boolean;
}) {
  const { t } = useTranslation();
  const setStatus = useSetParticipationStatus(gameId);
  const [busy, setBusy] = useState(false);
  const team = participation.team.name;
  const suspend = participation.status === 'Accepted';
  if (!suspend && participation.status !== 'Suspended') return null;

  const confirm = () =>
    modals.openConfirmModal({
      title: suspend ? t('monitor.cheat.suspendTitle', { team }) : t('monitor.cheat.reinstateTitle', { team }),
      children: (
        <Text size="sm">
          {suspend
            ? t(solo ? 'monitor.cheat.suspendTextPlayer' : 'monitor.cheat.suspendText', { team })
            : t('monitor.cheat.reinstateText', { team })}
        </Text>
      ),
      labels: {
        confirm: suspend
          ? t(solo ? 'monitor.cheat.suspendConfirmPlayer' : 'monitor.cheat.suspendConfirm')
          : t(solo ? 'monitor.cheat.reinstateConfirmPlayer' : 'monitor.cheat.reinstateConfirm'),
        cancel: t('common.cancel'),
      },
      confirmProps: { color: suspend ? 'red' : 'teal' },
      onConfirm: async () => {
        setBusy(true);
        try {
          await setStatus(participation, suspend ? 'Suspended' : 'Accepted');
          showSuccess(suspend ? t('monitor.cheat.suspended', { team }) : t('monitor.cheat.reinstated', { team }));
        } catch (error) {
          showError(error);
        } finally {
          setBusy(false);
        }
      },
    });

  return (
    <Button
      size="xs"
      variant="light"
      color={suspend ? 'red' : 'teal'}
      loading={busy}
      leftSection={suspend ? <IconBan size={14} /> : <IconArrowBackUp size={14} />}
      onClick={confirm}
    >
      {suspend ? t('monitor.cheat.suspend', { team }) : t('monitor.cheat.reinstate', { team })}
    </Button>
  );
}

function TeamCell({
  label,
  participation,
  gameId,
  canEdit,
  solo,
}: {
  label: string;
  participation: ParticipationModel;
  gameId: number;
  canEdit: boolean;
  solo: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Avatar src={participation.team.avatar} size={28} radius="xl" name={participation.team.name} color="initials" />
        <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {participation.team.name}
        </Text>
        <Badge size="xs" variant="light" color={STATUS_COLORS[participation.status]} style={{ flexShrink: 0 }}>
          {t(`monitor.participation.${participation.status}`)}
        </Badge>
        {participation.division && (
          <Badge size="xs" variant="outline" color="grape" style={{ flexShrink: 0 }}>
            {participation.division}
          </Badge>
        )}
      </Group>
      {canEdit && (
        <div>
          <StatusAction gameId={gameId} participation={participation} solo={solo} />
        </div>
      )}
    </Stack>
  );
}

function CheatCase({
  item,
  gameId,
  canEdit,
  solo,
}: {
  item: CheatInfoModel;
  gameId: number;
  canEdit: boolean;
  solo: boolean;
}) {
  const { t } = useTranslation();
  const { submission } = item;
  return (
    <Card withBorder padding="md" component="article">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <IconShieldExclamation size={18} color="var(--mantine-color-orange-5)" aria-hidden />
            <Title order={3} size="h5">
              {submission.challenge}
            </Title>
          </Group>
          <TimeCell time={submission.time} />
        </Group>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 6, lg: 4 }}>
            <TeamCell
              label={t('monitor.cheat.submitTeam')}
              participation={item.submitTeam}
              gameId={gameId}
              canEdit={canEdit}
              solo={solo}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, lg: 4 }}>
            <TeamCell
              label={t('monitor.cheat.ownedTeam')}
              participation={item.ownedTeam}
              gameId={gameId}
              canEdit={canEdit}
              solo={solo}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Stack gap={6}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {t('monitor.cheat.submission')}
              </Text>
              <Text size="sm">{t('monitor.cheat.submittedBy', { user: submission.user })}</Text>
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <span className={classes.answer}>{submission.answer}</span>
                <AnswerBadge status={submission.status} />
              </Group>
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </Card>
  );
}

function CheatInfo({ gameId }: { gameId: number }) {
  const { t } = useTranslation();
  const { user } = useProfile();
  const canEdit = user ? roleRank[user.role] >= roleRank.Admin : false;
  const { cases, error } = useCheatInfo(gameId);
  const [search, setSearch] = useState('');
  const shown = useMemo(
    () => (cases ?? []).filter((item) => matches(item, search)).sort((a, b) => b.submission.time - a.submission.time),
    [cases, search],
  );
  const teams = new Set(cases?.map((item) => item.submitTeam.id));
  // A solo game's teams are its players: every text speaks of players.
  const solo = useGame(gameId).data?.individual === true;
  const searchLabel = t(solo ? 'monitor.cheat.searchPlayers' : 'monitor.cheat.search');

  return (
    <MonitorShell gameId={gameId} active="cheatinfo">
      <Group justify="space-between" className={classes.toolbar}>
        <Text size="sm" c="dimmed">
          {cases &&
            t('monitor.cheat.summary', {
              count: cases.length,
              teams: t(solo ? 'monitor.cheat.submittingPlayers' : 'monitor.cheat.submittingTeams', {
                count: teams.size,
              }),
            })}
        </Text>
        <TextInput
          leftSection={<IconSearch size={16} />}
          aria-label={searchLabel}
          placeholder={searchLabel}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          size="xs"
          w={{ base: '100%', xs: 280 }}
        />
      </Group>
      {cases && shown.length > 0 ? (
        <Stack gap="sm">
          {shown.map((item) => (
            <CheatCase
              key={`${item.submitTeam.id}-${item.submission.time}-${item.submission.answer}`}
              item={item}
              gameId={gameId}
              canEdit={canEdit}
              solo={solo}
            />
          ))}
        </Stack>
      ) : cases && cases.length > 0 ? (
        <Center py="xl">
          <Text c="dimmed">{t('monitor.cheat.noMatch')}</Text>
        </Center>
      ) : (
        <Card withBorder>
          <FeedState
            error={error}
            loading={!cases && !error}
            emptyText={t(solo ? 'monitor.cheat.emptyPlayers' : 'monitor.cheat.empty')}
          />
        </Card>
      )}
    </MonitorShell>
  );
}

export default function MonitorCheatInfoPage() {
  return <WithGameId>{(gameId) => <CheatInfo gameId={gameId} />}</WithGameId>;
}
