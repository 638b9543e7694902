import type { EventDashboard, ProcessHealth } from '@flagpole/contract';
import { Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useDashboard } from '../api/get-dashboard';
import { useMonitorLive } from '../hooks/use-monitor-live';
import { SolvesChart, SubmissionsChart } from './dashboard-charts';
import { FeedState } from './feed-state';
import { WithGameId } from './monitor-route';
import { MonitorShell } from './monitor-shell';

const ms = (value: number | null) => (value === null ? '–' : `${Math.round(value)} ms`);

/** One big figure, readable from the back of a room. */
function Figure({ label, value, detail, alert }: { label: string; value: string; detail?: string; alert?: boolean }) {
  return (
    <Card withBorder padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={36} fw={700} lh={1.2} c={alert ? 'red' : undefined} data-figure={label}>
        {value}
      </Text>
      {detail && (
        <Text size="sm" c="dimmed">
          {detail}
        </Text>
      )}
    </Card>
  );
}

function Figures({ dashboard }: { dashboard: EventDashboard }) {
  const { t } = useTranslation();
  const { instances, judge, requests } = dashboard;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
      <Figure label={t('monitor.dashboard.playersOnline')} value={String(dashboard.playersOnline)} />
      <Figure
        label={t('monitor.dashboard.judgeBacklog')}
        value={String(judge.backlog)}
        detail={t('monitor.dashboard.oldestWaiting', { count: Math.round(judge.oldestSeconds) })}
        alert={judge.oldestSeconds > 30}
      />
      <Figure
        label={t('monitor.dashboard.instances')}
        value={String(instances.running)}
        detail={t('monitor.dashboard.instancesDetail', { queued: instances.queued, count: instances.startFailures })}
        alert={instances.startFailures > 0}
      />
      <Figure
        label={t('monitor.dashboard.errorRate')}
        value={`${(requests.errorRate * 100).toFixed(1)} %`}
        detail={t('monitor.dashboard.requests', { count: requests.requests })}
        alert={requests.errorRate > 0.01}
      />
      <Figure
        label={t('monitor.dashboard.latency')}
        value={ms(requests.p95)}
        detail={`p50 ${ms(requests.p50)} · p99 ${ms(requests.p99)}`}
      />
    </SimpleGrid>
  );
}

function Unsolved({ dashboard }: { dashboard: EventDashboard }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md">
      <Title order={2} size="h4" mb="xs">
        {t('monitor.dashboard.unsolvedTitle', { count: dashboard.unsolved.length })}
      </Title>
      {dashboard.unsolved.length === 0 ? (
        <Text c="dimmed">{t('monitor.dashboard.allSolved')}</Text>
      ) : (
        <Group gap="xs">
          {dashboard.unsolved.map((challenge) => (
            <Badge key={challenge.id} variant="light" size="lg" tt="none">
              {challenge.category} · {challenge.title}
            </Badge>
          ))}
        </Group>
      )}
    </Card>
  );
}

function Processes({ processes }: { processes: ProcessHealth[] }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md">
      <Title order={2} size="h4" mb="xs">
        {t('monitor.dashboard.processesTitle', { count: processes.length })}
      </Title>
      <Table.ScrollContainer minWidth={560}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('monitor.dashboard.process')}</Table.Th>
              <Table.Th>{t('monitor.dashboard.status')}</Table.Th>
              <Table.Th>{t('monitor.dashboard.memory')}</Table.Th>
              <Table.Th>{t('monitor.dashboard.loopDelay')}</Table.Th>
              <Table.Th>{t('monitor.dashboard.judgeQueue')}</Table.Th>
              <Table.Th>{t('monitor.dashboard.connections')}</Table.Th>
              <Table.Th>p95</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {processes.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td ff="monospace">{item.id.slice(0, 8)}</Table.Td>
                <Table.Td>
                  <Badge color={item.status === 'ok' ? 'green' : 'red'}>
                    {t(`monitor.dashboard.health.${item.status}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>{item.memoryMb} MB</Table.Td>
                <Table.Td>{item.eventLoopDelayMs} ms</Table.Td>
                <Table.Td>{item.judgeQueue}</Table.Td>
                <Table.Td>{item.liveConnections}</Table.Td>
                <Table.Td>{ms(item.requests.p95)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

function Dashboard({ gameId }: { gameId: number }) {
  const { t } = useTranslation();
  const { dashboard, error, replace } = useDashboard(gameId);
  const phone = useMediaQuery('(max-width: 36em)');
  // Every snapshot after the first arrives on the live channel; none is fetched per viewer.
  const live = useMonitorLive(gameId, { onDashboard: (next) => void replace(next, { revalidate: false }) });
  const height = phone ? 200 : 280;
  return (
    <MonitorShell gameId={gameId} active="dashboard" live={live}>
      {!dashboard ? (
        <FeedState loading={!error} error={error} emptyText="" />
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('monitor.dashboard.updated', { time: new Date(dashboard.at).toLocaleTimeString() })}
          </Text>
          <Figures dashboard={dashboard} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <SubmissionsChart dashboard={dashboard} height={height} />
            <SolvesChart dashboard={dashboard} height={height} />
          </SimpleGrid>
          <Unsolved dashboard={dashboard} />
          <Processes processes={dashboard.processes} />
        </Stack>
      )}
    </MonitorShell>
  );
}

/** The organisers' live event dashboard of a game (docs/operations.md, "Event dashboard"). */
export default function DashboardPage() {
  return <WithGameId>{(gameId) => <Dashboard gameId={gameId} />}</WithGameId>;
}
