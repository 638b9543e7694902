import { Alert, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FeedState } from '@/features/monitor/components/feed-state';
import { WithGameId } from '@/features/monitor/components/monitor-route';
import { MonitorShell } from '@/features/monitor/components/monitor-shell';
import { useGameHealth } from '../api/health';
import { HealthBadge } from './health-badge';

/** The health of every checked challenge, failing ones first. */
function HealthBoard({ gameId }: { gameId: number }) {
  const { t } = useTranslation();
  const { health, error } = useGameHealth(gameId);
  const order = { Failing: 0, Unknown: 1, Healthy: 2 } as const;
  const rows = [...(health?.challenges ?? [])].sort(
    (a, b) => order[a.status] - order[b.status] || a.title.localeCompare(b.title),
  );
  return (
    <Stack gap="sm">
      {health && !health.available && (
        <Alert color="yellow" title={t('health.panel.noEngineTitle')}>
          {t('health.panel.noEngine')}
        </Alert>
      )}
      {!health || rows.length === 0 ? (
        <FeedState loading={!health && !error} error={error} emptyText={t('health.monitor.empty')} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {rows.map((row) => (
            <Card key={row.challengeId} withBorder p="sm" component="article" aria-label={row.title}>
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text fw={600} lineClamp={1}>
                    {row.title}
                  </Text>
                  <HealthBadge health={row} />
                </Group>
                <Text size="xs" c="dimmed">
                  {row.lastRunAt === null
                    ? t('health.panel.noRuns')
                    : t('health.lastRun', { time: dayjs(row.lastRunAt).format('YYYY-MM-DD HH:mm:ss') })}
                  {!row.scheduled && ` · ${t('health.monitor.onDemand')}`}
                </Text>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

/** Monitor page: challenge health checks. */
export default function HealthMonitorPage() {
  return (
    <WithGameId>
      {(gameId) => (
        <MonitorShell gameId={gameId} active="health">
          <HealthBoard gameId={gameId} />
        </MonitorShell>
      )}
    </WithGameId>
  );
}
