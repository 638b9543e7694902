import type { LogMessageModel } from '@flagpole/contract';
import { Button, Center, Group, Indicator, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadState } from '@/features/admin-games/components/load-state';
import { usePageTitle } from '@/lib/use-page-title';
import { LOGS_PAGE_SIZE, useAdminLogs } from '../api/logs';
import { useLiveLogs } from '../hooks/use-live-logs';
import { LOG_LEVEL_FILTERS, type LogLevelFilter, matchesLevel, mergeLogs, prependLog } from '../log-levels';
import { OpenEndedPager } from './list-toolbar';
import { LogList } from './log-list';
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
            <LogList entries={shown} />
          );
        }}
      </LoadState>
      <OpenEndedPager page={page} onChange={setPage} hasNext={hasNext} />
    </Stack>
  );
}
