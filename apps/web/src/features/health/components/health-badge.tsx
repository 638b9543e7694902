import type { ChallengeHealthModel } from '@flagpole/contract';
import { Badge, Tooltip } from '@mantine/core';
import { IconHeartbeat } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

const COLORS = { Healthy: 'teal', Failing: 'red', Unknown: 'gray' } as const;

/** A challenge's health in one badge: healthy, failing since when, or unknown (never run). */
export function HealthBadge({ health }: { health: ChallengeHealthModel }) {
  const { t } = useTranslation();
  const label =
    health.status === 'Failing' && health.failingSince !== null
      ? t('health.failingSince', { time: dayjs(health.failingSince).format('MM-DD HH:mm') })
      : t(`health.status.${health.status}`);
  const lastRun =
    health.lastRunAt === null
      ? t('health.panel.noRuns')
      : t('health.lastRun', { time: dayjs(health.lastRunAt).format('YYYY-MM-DD HH:mm:ss') });
  return (
    <Tooltip label={lastRun} withArrow>
      <Badge
        size="sm"
        variant={health.status === 'Failing' ? 'filled' : 'light'}
        color={COLORS[health.status]}
        leftSection={<IconHeartbeat size={12} aria-hidden />}
        aria-label={t('health.badgeLabel', { status: label })}
      >
        {label}
      </Badge>
    </Tooltip>
  );
}
