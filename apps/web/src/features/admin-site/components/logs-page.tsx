import { type LogMessageModel, TaskStatus } from '@flagpole/contract';
import { Button, Center, Group, Indicator, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFilterOff, IconPlayerPause, IconPlayerPlay, IconSearch } from '@tabler/icons-react';
import { type ChangeEvent, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadState } from '@/features/admin-games/components/load-state';
import type { LiveState } from '@/features/games/lib/live';
import { usePageTitle } from '@/lib/use-page-title';
import { LOGS_PAGE_SIZE, useAdminLogs } from '../api/logs';
import { useLiveLogs } from '../hooks/use-live-logs';
import { hasTextOrStatusFilter, type LogPageFilter, logFilterQuery, matchesFilter } from '../log-filter';
import { LOG_LEVEL_FILTERS, type LogLevelFilter, mergeLogs, prependLog } from '../log-levels';
import { OpenEndedPager } from './list-toolbar';
import { LogList } from './log-list';
import { PageHeading } from './page-heading';

function LiveIndicator({ paused, live }: { paused: boolean; live: LiveState }) {
  const { t } = useTranslation();
  if (!paused && (live === 'tooMany' || live === 'serverFull')) {
    // Refused for lack of room: retried after a long back-off; the stored log can still be read and refreshed.
    return (
      <Group gap={8} wrap="nowrap" role="status" aria-live="polite">
        <Indicator color="orange" size={10} position="middle-center" inline>
          <span />
        </Indicator>
        <Text size="sm" c="dimmed">
          {t(`liveLimit.${live}`)}
        </Text>
      </Group>
    );
  }
  const state = paused ? 'paused' : live === 'connected' ? 'live' : 'connecting';
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

/** The outcome, user, address and text filters; texts are applied 300 ms after the last key stroke. */
function LogFilters({
  status,
  onStatus,
  texts,
  onTexts,
  onClear,
  canClear,
}: {
  status: LogPageFilter['status'];
  onStatus: (status: LogPageFilter['status']) => void;
  texts: Pick<LogPageFilter, 'user' | 'ip' | 'search'>;
  onTexts: (texts: Pick<LogPageFilter, 'user' | 'ip' | 'search'>) => void;
  onClear: () => void;
  canClear: boolean;
}) {
  const { t } = useTranslation();
  const statusData = [
    { value: 'Any', label: t('adminSite.logs.filters.anyStatus') },
    ...TaskStatus.options.map((value) => ({ value, label: t(`adminSite.logs.statuses.${value}`) })),
  ];
  const text = (name: keyof typeof texts) => (event: ChangeEvent<HTMLInputElement>) =>
    onTexts({ ...texts, [name]: event.currentTarget.value });
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Select
        flex="0 1 180px"
        label={t('adminSite.logs.filters.status')}
        data={statusData}
        value={status}
        onChange={(value) => onStatus((value ?? 'Any') as LogPageFilter['status'])}
        allowDeselect={false}
      />
      <TextInput
        flex="1 1 140px"
        label={t('adminSite.logs.user')}
        value={texts.user}
        onChange={text('user')}
        maxLength={FILTER_MAX}
      />
      <TextInput
        flex="1 1 140px"
        label={t('adminSite.logs.ip')}
        value={texts.ip}
        onChange={text('ip')}
        maxLength={FILTER_MAX}
      />
      <TextInput
        flex="2 1 220px"
        type="search"
        leftSection={<IconSearch size={16} />}
        label={t('adminSite.logs.filters.search')}
        placeholder={t('adminSite.logs.filters.searchHint')}
        value={texts.search}
        onChange={text('search')}
        maxLength={FILTER_MAX}
      />
      {canClear && (
        <Button variant="subtle" color="gray" leftSection={<IconFilterOff size={16} />} onClick={onClear}>
          {t('adminSite.logs.filters.clear')}
        </Button>
      )}
    </Group>
  );
}

/** Longest filter text the server takes. */
const FILTER_MAX = 128;
const NO_TEXTS = { user: '', ip: '', search: '' };

export function LogsPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.adminLogs'));
  const [level, setLevel] = useState<LogLevelFilter>('All');
  const [status, setStatus] = useState<LogPageFilter['status']>('Any');
  const [texts, setTexts] = useState(NO_TEXTS);
  const [settledTexts] = useDebouncedValue(texts, 300);
  const filter: LogPageFilter = { level, status, ...settledTexts };
  // The page belongs to a filter: any change of filter starts again at page 1.
  const filterKey = logFilterQuery(filter);
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ filterKey, page: next });
  const [paused, setPaused] = useState(false);
  const [live, setLive] = useState<LogMessageModel[]>([]);
  const { logs, error, reload } = useAdminLogs(page, filter, paused);

  const onEntry = useCallback((entry: LogMessageModel) => setLive((list) => prependLog(list, entry)), []);
  // Back after a lost connection: the stored log has everything, the pushed list may have gaps.
  const onReconnect = useCallback(() => {
    setLive([]);
    void reload();
  }, [reload]);
  const liveState = useLiveLogs(!paused, onEntry, onReconnect);

  const changeLevel = (value: string | null) => setLevel((value ?? 'All') as LogLevelFilter);
  const clearFilters = () => {
    setStatus('Any');
    setTexts(NO_TEXTS);
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
          <LiveIndicator paused={paused} live={liveState} />
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
      <LogFilters
        status={status}
        onStatus={setStatus}
        texts={texts}
        onTexts={setTexts}
        onClear={clearFilters}
        canClear={hasTextOrStatusFilter({ ...filter, ...texts })}
      />
      <LoadState data={logs} error={error} rows={8}>
        {(stored) => {
          const shown =
            page === 1
              ? mergeLogs(
                  live.filter((entry) => matchesFilter(entry, filter)),
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
