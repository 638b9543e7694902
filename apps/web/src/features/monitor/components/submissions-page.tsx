import type { AnswerResult, Submission } from '@flagpole/contract';
import { Card, ColorSwatch, Group, SegmentedControl, Select, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGame } from '@/features/games/api/get-game';
import { ANSWER_COLORS } from '@/lib/status-colors';
import { useMonitorSubmissions } from '../api/get-submissions';
import { useLiveFeed } from '../hooks/use-live-feed';
import { useMonitorLive } from '../hooks/use-monitor-live';
import { ANSWER_FILTERS } from '../lib/answer-status';
import { submissionIdentity } from '../lib/feed-identity';
import { submissionMatches } from '../lib/feed-search';
import { mergeFeed } from '../lib/live-feed';
import { rowKeys } from '../lib/row-keys';
import { AnswerBadge } from './answer-badge';
import classes from './feed.module.css';
import { FeedPager } from './feed-pager';
import { FeedSearchBox, useFeedSearch } from './feed-search-box';
import { FeedState } from './feed-state';
import { LiveToggle } from './live-toggle';
import { WithGameId } from './monitor-route';
import { MonitorShell } from './monitor-shell';
import { TimeCell } from './time-cell';

type Filter = AnswerResult | 'all';

function StatusFilter({ value, onChange }: { value: Filter; onChange: (value: Filter) => void }) {
  const { t } = useTranslation();
  const data = [
    { value: 'all', label: t('monitor.submissions.all') },
    ...ANSWER_FILTERS.map((status) => ({ value: status, label: t(`monitor.answer.${status}`) })),
  ];
  const segments = data.map((item) => ({
    value: item.value,
    label:
      item.value === 'all' ? (
        item.label
      ) : (
        <Group gap={6} wrap="nowrap" justify="center">
          <ColorSwatch color={`var(--mantine-color-${ANSWER_COLORS[item.value as AnswerResult]}-6)`} size={10} />
          <span>{item.label}</span>
        </Group>
      ),
  }));
  return (
    <>
      <SegmentedControl
        visibleFrom="md"
        data={segments}
        value={value}
        onChange={(next) => onChange(next as Filter)}
        aria-label={t('monitor.submissions.filter')}
        size="xs"
      />
      <Select
        hiddenFrom="md"
        aria-label={t('monitor.submissions.filter')}
        data={data}
        value={value}
        onChange={(next) => onChange((next ?? 'all') as Filter)}
        allowDeselect={false}
        size="xs"
        w={200}
      />
    </>
  );
}

/** `solo`: a solo game, whose team is the player: one "Player" column instead of team and user. */
function SubmissionRows({
  rows,
  fresh,
  solo,
}: {
  rows: readonly Submission[];
  fresh: ReadonlySet<Submission>;
  solo: boolean;
}) {
  const { t } = useTranslation();
  const keys = rowKeys(rows, submissionIdentity);
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover verticalSpacing={6} aria-label={t('monitor.tabs.submissions')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('monitor.columns.time')}</Table.Th>
            <Table.Th>{solo ? t('monitor.columns.player') : t('monitor.columns.team')}</Table.Th>
            {!solo && <Table.Th>{t('monitor.columns.user')}</Table.Th>}
            <Table.Th>{t('monitor.columns.challenge')}</Table.Th>
            <Table.Th>{t('monitor.columns.answer')}</Table.Th>
            <Table.Th>{t('monitor.columns.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr
              key={keys[index]}
              className={fresh.has(row) ? classes.fresh : undefined}
              data-live={fresh.has(row) || undefined}
            >
              <Table.Td>
                <TimeCell time={row.time} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {row.team}
                </Text>
              </Table.Td>
              {!solo && (
                <Table.Td>
                  <Text size="sm">{row.user}</Text>
                </Table.Td>
              )}
              <Table.Td>
                <Text size="sm">{row.challenge}</Text>
              </Table.Td>
              <Table.Td>
                <div className={classes.answer}>{row.answer}</div>
              </Table.Td>
              <Table.Td>
                <AnswerBadge status={row.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Phones: one compact block per submission instead of a table too wide to read. */
function SubmissionList({ rows, fresh }: { rows: readonly Submission[]; fresh: ReadonlySet<Submission> }) {
  const keys = rowKeys(rows, submissionIdentity);
  return (
    <Stack gap={0} component="ul" m={0} p={0} className={classes.list}>
      {rows.map((row, index) => (
        <li
          key={keys[index]}
          className={fresh.has(row) ? `${classes.item} ${classes.fresh}` : classes.item}
          data-live={fresh.has(row) || undefined}
        >
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" fw={600} truncate>
              {row.team} ·{' '}
              <Text span size="sm" fw={400}>
                {row.user}
              </Text>
            </Text>
            <AnswerBadge status={row.status} />
          </Group>
          <Text size="sm">{row.challenge}</Text>
          <div className={classes.answer}>{row.answer}</div>
          <TimeCell time={row.time} />
        </li>
      ))}
    </Stack>
  );
}

function Submissions({ gameId }: { gameId: number }) {
  const solo = useGame(gameId).data?.individual === true;
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>('all');
  const { input, setInput, search, page, setPage } = useFeedSearch();
  const [paused, setPaused] = useState(false);
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const type = filter === 'all' ? null : filter;
  const { submissions, hasOlder, error, isLoading } = useMonitorSubmissions(gameId, page, type, paused, search);
  const live = useLiveFeed<Submission>(paused);
  const liveState = useMonitorLive(gameId, { onSubmission: live.push });

  const rows = useMemo(() => {
    const history = submissions ?? [];
    if (page > 0) return history;
    const matching = live.shown.filter(
      (row) => (type === null || row.status === type) && submissionMatches(row, search),
    );
    return mergeFeed(matching, history, submissionIdentity, (row) => row.time);
  }, [submissions, live.shown, page, type, search]);
  const fresh = useMemo(() => new Set(live.shown), [live.shown]);

  const changeFilter = useCallback(
    (next: Filter) => {
      setFilter(next);
      setPage(0);
    },
    [setPage],
  );

  return (
    <MonitorShell gameId={gameId} active="submissions" live={liveState}>
      <Group justify="space-between" className={classes.toolbar}>
        <StatusFilter value={filter} onChange={changeFilter} />
        <FeedSearchBox value={input} onChange={setInput} />
        <LiveToggle paused={paused} heldCount={live.heldCount} onChange={setPaused} />
      </Group>
      <Card withBorder padding={0}>
        {rows.length > 0 ? (
          phone ? (
            <SubmissionList rows={rows} fresh={fresh} />
          ) : (
            <SubmissionRows rows={rows} fresh={fresh} solo={solo} />
          )
        ) : (
          <Stack p="md">
            <FeedState
              error={submissions ? undefined : error}
              loading={isLoading}
              emptyText={search ? t('monitor.search.noMatch') : t('monitor.submissions.empty')}
            />
          </Stack>
        )}
      </Card>
      <FeedPager page={page} hasOlder={hasOlder} onChange={setPage} />
    </MonitorShell>
  );
}

export default function MonitorSubmissionsPage() {
  return <WithGameId>{(gameId) => <Submissions gameId={gameId} />}</WithGameId>;
}
