import type { LogMessageModel } from '@flagpole/contract';
import { Badge, Button, Center, Group, Indicator, SegmentedControl, Select, Stack, Table, Text } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadState } from '@/features/admin-games/components/load-state';
import { taskStatusColor } from '@/lib/status-colors';
import { usePageTitle } from '@/lib/use-page-title';
import { LOGS_PAGE_SIZE, useAdminLogs } from '../api/logs';
import { useLiveLogs } from '../hooks/use-live-logs';
import { LOG_LEVEL_FILTERS, type LogLevelFilter, levelColor, matchesLevel, mergeLogs, prependLog } from '../log-levels';
import { OpenEndedPager } from './list-toolbar';
import { PageHeading } from './page-heading';

function LiveState({ paused, connected }: { paused: boolean; connected: boolean }) {
  const { t } = useTranslation();
  const state = paused ? 'paused' : connected ? 'live' : 'connecting';
  const color = { paused: 'gray', live: 'teal', connecting: 'yellow' }[state];
  return (
    <Group gap={8} wrap="nowrap" role="status" aria-live="polite">
      <Indicator color={color} processing={state === 'live'} size={10} position="middle-center" inline>
        <span />
      </Indicator>
      <Text size="sm" c="dimmed">
        {t(`adminSite.logs.state.${state}`)}
      </Text>
    </Group>
  );
}

function StatusBadge({ status }: { status: LogMessageModel['status'] }) {
  const { t } = useTranslation();
  if (status === null) {
    return (
      <Text size="sm" c={taskStatusColor(null)}>
        —
      </Text>
    );
  }
  return (
    <Badge color={taskStatusColor(status)} variant="light" size="sm">
      {t(`adminSite.logs.statuses.${status}`)}
    </Badge>
  );
}

function LogTable({ entries }: { entries: LogMessageModel[] }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={940}>
      <Table verticalSpacing={6} fz="sm" striped highlightOnHover aria-label={t('pages.adminLogs')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={170}>{t('adminSite.logs.time')}</Table.Th>
            <Table.Th w={120}>{t('adminSite.logs.level')}</Table.Th>
            <Table.Th w={140}>{t('adminSite.logs.user')}</Table.Th>
            <Table.Th w={140}>{t('adminSite.logs.ip')}</Table.Th>
            <Table.Th w={120}>{t('adminSite.logs.status')}</Table.Th>
            <Table.Th>{t('adminSite.logs.message')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={`${entry.time}|${entry.level}|${entry.name}|${entry.ip}|${entry.msg}`}>
              <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                {dayjs(entry.time).format('YYYY-MM-DD HH:mm:ss')}
              </Table.Td>
              <Table.Td>
                <Badge color={levelColor(entry.level)} variant="light" size="sm">
                  {t(`adminSite.logs.levels.${entry.level}`)}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={500} truncate maw={140}>
                  {entry.name ?? '—'}
                </Text>
              </Table.Td>
              <Table.Td ff="monospace">{entry.ip || '—'}</Table.Td>
              <Table.Td>
                <StatusBadge status={entry.status} />
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{entry.msg}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function LogsPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.adminLogs'));
  const [level, setLevel] = useState<LogLevelFilter>('All');
  const [page, setPage] = useState(1);
  const [paused, setPaused] = useState(false);
  const [live, setLive] = useState<LogMessageModel[]>([]);
  const { logs, error, reload } = useAdminLogs(page, level, paused);

  const onEntry = useCallback((entry: LogMessageModel) => setLive((list) => prependLog(list, entry)), []);
  const connected = useLiveLogs(!paused, onEntry);

  const changeLevel = (value: string | null) => {
    setLevel((value ?? 'All') as LogLevelFilter);
    setPage(1);
  };
  const togglePause = () => {
    if (paused) {
      // Entries written while paused are in the store: fetch the page again instead of replaying them.
      setLive([]);
      void reload();
    }
    setPaused(!paused);
  };

  const levelData = LOG_LEVEL_FILTERS.map((value) => ({ value, label: t(`adminSite.logs.levels.${value}`) }));
  const hasNext = (logs?.length ?? 0) >= LOGS_PAGE_SIZE;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <PageHeading title={t('pages.adminLogs')} subtitle={t('adminSite.logs.subtitle')} />
        <Group gap="md">
          <LiveState paused={paused} connected={connected} />
          <Button
            variant="light"
            color={paused ? 'teal' : 'gray'}
            leftSection={paused ? <IconPlayerPlay size={16} /> : <IconPlayerPause size={16} />}
            onClick={togglePause}
            aria-pressed={paused}
          >
            {paused ? t('adminSite.logs.resume') : t('adminSite.logs.pause')}
          </Button>
        </Group>
      </Group>
      <SegmentedControl
        data={levelData}
        value={level}
        onChange={changeLevel}
        aria-label={t('adminSite.logs.levelFilter')}
        visibleFrom="sm"
        w="fit-content"
      />
      <Select
        hiddenFrom="sm"
        label={t('adminSite.logs.levelFilter')}
        data={levelData}
        value={level}
        onChange={changeLevel}
        allowDeselect={false}
      />
      <LoadState data={logs} error={error} rows={8}>
        {(stored) => {
          const shown =
            page === 1
              ? mergeLogs(
                  live.filter((entry) => matchesLevel(entry, level)),
                  stored,
                )
              : stored;
          return shown.length === 0 ? (
            <Center py="xl">
              <Text c="dimmed">{t('adminSite.logs.empty')}</Text>
            </Center>
          ) : (
            <LogTable entries={shown} />
          );
        }}
      </LoadState>
      <OpenEndedPager page={page} onChange={setPage} hasNext={hasNext} />
    </Stack>
  );
}
