import { type AwardInfo, hintLimits } from '@flagpole/contract';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Center,
  Checkbox,
  Group,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError, showSuccess } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import { useAwards, useGiveAward, useRemoveAward } from '../api/awards';
import { useEditGame } from '../api/get-game';
import { useParticipations } from '../api/get-participations';
import {
  type AwardFormError,
  type AwardFormValues,
  awardBody,
  awardTeamOptions,
  emptyAward,
} from './awards/award-form';
import { PendingAwards } from './awards/pending-awards';
import { GameHeader } from './game-header';
import { LoadState } from './load-state';
import { useRouteIds } from './use-route-ids';

/** A solo game's teams are its players: the page speaks of players there. */
function useSolo(gameId: number): boolean {
  return useEditGame(gameId).game?.individual === true;
}

/** Give (positive points) or take (negative) points from a team, with a reason the team sees. */
function AwardComposer({ gameId }: { gameId: number }) {
  const solo = useSolo(gameId);
  const { t } = useTranslation();
  const { participations } = useParticipations(gameId);
  const { trigger, isMutating } = useMutation(useGiveAward());
  const [values, setValues] = useState<AwardFormValues>(emptyAward);
  const [error, setError] = useState<AwardFormError | null>(null);
  const set = (patch: Partial<AwardFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setError(null);
  };
  const give = async () => {
    const body = awardBody(values);
    if (typeof body === 'string') {
      setError(body);
      return;
    }
    try {
      await trigger(gameId, body);
      setValues(emptyAward);
      showSuccess(t(body.points > 0 ? 'adminGames.awards.given' : 'adminGames.awards.taken'));
    } catch (failure) {
      showError(failure);
    }
  };
  return (
    <Card
      withBorder
      p="lg"
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        void give();
      }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t(solo ? 'adminGames.awards.introPlayers' : 'adminGames.awards.intro')}
        </Text>
        <Group grow align="flex-start" wrap="wrap">
          <Select
            label={t(solo ? 'adminGames.awards.player' : 'adminGames.awards.team')}
            data={awardTeamOptions(participations ?? [])}
            value={values.teamId}
            onChange={(teamId) => set({ teamId })}
            searchable
            required
            error={
              error === 'team'
                ? t(solo ? 'adminGames.awards.errors.player' : 'adminGames.awards.errors.team')
                : undefined
            }
            miw={200}
          />
          <NumberInput
            label={t('adminGames.awards.points')}
            description={t('adminGames.awards.pointsHint')}
            value={values.points}
            onChange={(points) => set({ points: typeof points === 'number' ? points : '' })}
            allowDecimal={false}
            min={-hintLimits.award.max}
            max={hintLimits.award.max}
            required
            error={error === 'points' ? t('adminGames.awards.errors.points') : undefined}
            miw={160}
          />
        </Group>
        <TextInput
          label={t('adminGames.awards.reason')}
          description={t('adminGames.awards.reasonHint')}
          value={values.reason}
          maxLength={hintLimits.reason.max}
          onChange={(event) => set({ reason: event.currentTarget.value })}
          required
          error={error === 'reason' ? t('adminGames.awards.errors.reason') : undefined}
        />
        <Checkbox
          label={t('adminGames.awards.tieBreak')}
          description={t('adminGames.awards.tieBreakHint')}
          checked={values.countsForTieBreak}
          onChange={(event) => set({ countsForTieBreak: event.currentTarget.checked })}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={isMutating}>
            {t('adminGames.awards.submit')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function AwardRow({ gameId, award, solo }: { gameId: number; award: AwardInfo; solo: boolean }) {
  const { t } = useTranslation();
  const remove = useRemoveAward();
  const points = award.points > 0 ? `+${award.points}` : String(award.points);
  const confirmRemove = () =>
    modals.openConfirmModal({
      title: t('adminGames.awards.removeTitle'),
      children: (
        <Text size="sm">
          {t(solo ? 'adminGames.awards.removeConfirmPlayer' : 'adminGames.awards.removeConfirm', {
            team: award.teamName,
            points,
          })}
        </Text>
      ),
      labels: { confirm: t('adminGames.awards.removeSubmit'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        remove(gameId, award.id).then(() => showSuccess(t('adminGames.awards.removed')), showError);
      },
    });
  return (
    <Table.Tr>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{award.teamName}</Table.Td>
      <Table.Td>
        <Badge color={award.points > 0 ? 'teal' : 'red'} variant="light">
          {points}
        </Badge>
      </Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{award.reason}</Table.Td>
      <Table.Td>{award.countsForTieBreak ? t('adminGames.awards.tieBreakYes') : '—'}</Table.Td>
      <Table.Td>
        <Text size="xs">{dayjs(award.createdAt).format('YYYY-MM-DD HH:mm')}</Text>
        <Text size="xs" c="dimmed">
          {award.createdBy ?? '—'}
        </Text>
      </Table.Td>
      <Table.Td>
        <Tooltip label={t('adminGames.awards.remove')} withArrow>
          <ActionIcon variant="subtle" color="red" aria-label={t('adminGames.awards.remove')} onClick={confirmRemove}>
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      </Table.Td>
    </Table.Tr>
  );
}

function AwardTable({ gameId, awards }: { gameId: number; awards: AwardInfo[] }) {
  const { t } = useTranslation();
  const solo = useSolo(gameId);
  if (awards.length === 0) {
    return (
      <Center py="lg">
        <Text c="dimmed">{t('adminGames.awards.empty')}</Text>
      </Center>
    );
  }
  const newestFirst = awards.slice().sort((a, b) => b.createdAt - a.createdAt || b.id - a.id);
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="xs" aria-label={t('adminGames.awards.list')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t(solo ? 'adminGames.awards.player' : 'adminGames.awards.team')}</Table.Th>
            <Table.Th>{t('adminGames.awards.points')}</Table.Th>
            <Table.Th>{t('adminGames.awards.reason')}</Table.Th>
            <Table.Th>{t('adminGames.awards.tieBreakColumn')}</Table.Th>
            <Table.Th>{t('adminGames.awards.when')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('adminGames.awards.remove')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {newestFirst.map((award) => (
            <AwardRow key={award.id} gameId={gameId} award={award} solo={solo} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Organisers' awards and penalties of a game (issue 28): give or take points with a reason, list, remove. */
export function GameAwardsPage() {
  const { t } = useTranslation();
  const { gameId } = useRouteIds();
  const { awards, error } = useAwards(gameId);
  return (
    <Stack gap="md">
      <GameHeader gameId={gameId} page={t('adminGames.tabs.awards')} />
      <AwardComposer gameId={gameId} />
      <PendingAwards gameId={gameId} />
      <LoadState data={awards} error={error}>
        {(list) => <AwardTable gameId={gameId} awards={list} />}
      </LoadState>
    </Stack>
  );
}
