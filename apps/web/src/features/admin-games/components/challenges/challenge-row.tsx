import type { ChallengeHealthModel, ChallengeInfoModel } from '@flagpole/contract';
import { ActionIcon, Badge, Card, Group, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { IconFlag, IconPencil } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HealthBadge } from '@/features/health/components/health-badge';
import { useServerAbilities } from '@/features/info/api/get-client-config';
import { showError, showSuccess } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import { useUpdateChallenge } from '../../api/update-challenge';

export function ChallengeRow({
  gameId,
  challenge,
  health,
}: {
  gameId: number;
  challenge: ChallengeInfoModel;
  /** Its health check's status; absent without a check. */
  health?: ChallengeHealthModel;
}) {
  const { t } = useTranslation();
  const { trigger, isMutating } = useMutation(useUpdateChallenge());
  const base = `/admin/games/${gameId}/challenges/${challenge.id}`;
  // Without a container engine no player could start a container challenge: it cannot be enabled (the server
  // refuses too); one enabled before can still be disabled.
  const engineMissing = useServerAbilities()?.containersEnabled === false;
  const noEngine = engineMissing && (challenge.type === 'StaticContainer' || challenge.type === 'DynamicContainer');
  const blocked = noEngine && !challenge.isEnabled;

  const toggle = async (isEnabled: boolean) => {
    try {
      await trigger(gameId, challenge.id, { isEnabled });
      showSuccess(
        t(isEnabled ? 'adminGames.challenges.enabledDone' : 'adminGames.challenges.disabledDone', {
          title: challenge.title,
        }),
      );
    } catch (error) {
      showError(error, {
        title: t(isEnabled ? 'adminGames.challenges.notEnabled' : 'adminGames.challenges.notDisabled', {
          title: challenge.title,
        }),
      });
    }
  };

  return (
    <Card withBorder p="sm" component="article" aria-label={challenge.title}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={4} miw={0}>
          <Text fw={600} component={Link} to={base} style={{ overflowWrap: 'anywhere' }}>
            {challenge.title}
          </Text>
          <Group gap={6}>
            <Badge variant="light" size="sm">
              {t(`adminGames.type.${challenge.type}`)}
            </Badge>
            <Badge variant="outline" size="sm" color="gray">
              {t('adminGames.challenges.score', { score: challenge.score, original: challenge.originalScore })}
            </Badge>
            {challenge.releaseUtc !== null && challenge.releaseUtc > Date.now() && (
              <Badge variant="outline" size="sm" color="violet">
                {t('adminGames.challenges.releasesAt', {
                  time: dayjs(challenge.releaseUtc).format('YYYY-MM-DD HH:mm'),
                })}
              </Badge>
            )}
            {health && <HealthBadge health={health} />}
            {challenge.deadlineUtc !== null && (
              <Badge variant="outline" size="sm" color="orange">
                {t('adminGames.challenges.deadline', { time: dayjs(challenge.deadlineUtc).format('YYYY-MM-DD HH:mm') })}
              </Badge>
            )}
          </Group>
          {noEngine && (
            <Text size="xs" c="dimmed" id={`no-engine-${challenge.id}`}>
              {t('adminGames.challenges.needsEngine')}
            </Text>
          )}
        </Stack>
        <Group gap={4} wrap="nowrap">
          {/* One control says the state: its label is the state it shows (no badge beside it to contradict). */}
          <Switch
            checked={challenge.isEnabled}
            disabled={isMutating || blocked}
            aria-describedby={noEngine ? `no-engine-${challenge.id}` : undefined}
            onChange={(event) => void toggle(event.currentTarget.checked)}
            aria-label={t('adminGames.challenges.enableFor', { title: challenge.title })}
            labelPosition="left"
            label={
              <Text
                size="sm"
                c={challenge.isEnabled ? 'var(--mantine-color-teal-light-color)' : 'dimmed'}
                fw={500}
                aria-hidden
              >
                {challenge.isEnabled ? t('adminGames.challenges.on') : t('adminGames.challenges.off')}
              </Text>
            }
          />
          <Tooltip label={t('adminGames.challenges.flags')} withArrow>
            <ActionIcon
              variant="subtle"
              component={Link}
              to={`${base}/flags`}
              aria-label={t('adminGames.challenges.flagsFor', { title: challenge.title })}
            >
              <IconFlag size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('adminGames.challenges.edit')} withArrow>
            <ActionIcon
              variant="subtle"
              component={Link}
              to={base}
              aria-label={t('adminGames.challenges.editFor', { title: challenge.title })}
            >
              <IconPencil size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Card>
  );
}
