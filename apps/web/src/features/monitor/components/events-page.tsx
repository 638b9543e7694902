import type { EventType, GameEvent } from '@flagpole/contract';
import { Badge, Card, Chip, Group, Stack, Switch, Table, Text } from '@mantine/core';
import { useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGame } from '@/features/games/api/get-game';
import { EVENT_COLORS } from '@/lib/status-colors';
import { useMonitorEvents } from '../api/get-events';
import { useLiveFeed } from '../hooks/use-live-feed';
import { useMonitorLive } from '../hooks/use-monitor-live';
import { answerOf, EVENT_TYPES } from '../lib/answer-status';
import { eventText } from '../lib/event-text';
import { eventIdentity } from '../lib/feed-identity';
import { eventMatches } from '../lib/feed-search';
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

const HIDE_CONTAINER_KEY = 'flagpole-monitor-hide-container-events';
const CONTAINER_EVENTS: ReadonlySet<EventType> = new Set(['ContainerStart', 'ContainerDestroy']);

function EventDescription({ event }: { event: GameEvent }) {
  const { t } = useTranslation();
  const text = eventText(event);
  const verdict = event.type === 'FlagSubmit' ? answerOf(event.values[0]) : null;
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm">{'raw' in text ? text.raw : t(text.key, text.values)}</Text>
      {event.type === 'FlagSubmit' && event.values[1] !== undefined && (
        <span className={classes.answer}>{event.values[1]}</span>
      )}
      {verdict && <AnswerBadge status={verdict} />}
    </Group>
  );
}

/** `solo`: a solo game, whose team is the player: one "Player" column instead of team and user. */
function EventRows({
  rows,
  fresh,
  solo,
}: {
  rows: readonly GameEvent[];
  fresh: ReadonlySet<GameEvent>;
  solo: boolean;
}) {
  const { t } = useTranslation();
  const keys = rowKeys(rows, eventIdentity);
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover verticalSpacing={6} aria-label={t('monitor.tabs.events')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('monitor.columns.time')}</Table.Th>
            <Table.Th>{t('monitor.columns.type')}</Table.Th>
            <Table.Th>{solo ? t('monitor.columns.player') : t('monitor.columns.team')}</Table.Th>
            {!solo && <Table.Th>{t('monitor.columns.user')}</Table.Th>}
            <Table.Th>{t('monitor.columns.details')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((event, index) => (
            <Table.Tr
              key={keys[index]}
              className={fresh.has(event) ? classes.fresh : undefined}
              data-live={fresh.has(event) || undefined}
            >
              <Table.Td>
                <TimeCell time={event.time} />
              </Table.Td>
              <Table.Td>
                <Badge color={EVENT_COLORS[event.type]} variant="dot" size="sm">
                  {t(`monitor.eventType.${event.type}`)}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {event.team}
                </Text>
              </Table.Td>
              {!solo && (
                <Table.Td>
                  <Text size="sm">{event.user}</Text>
                </Table.Td>
              )}
              <Table.Td>
                <EventDescription event={event} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Phones: one compact block per event instead of a table too wide to read. */
function EventList({ rows, fresh }: { rows: readonly GameEvent[]; fresh: ReadonlySet<GameEvent> }) {
  const { t } = useTranslation();
  const keys = rowKeys(rows, eventIdentity);
  return (
    <Stack gap={0} component="ul" m={0} p={0} className={classes.list}>
      {rows.map((event, index) => (
        <li
          key={keys[index]}
          className={fresh.has(event) ? `${classes.item} ${classes.fresh}` : classes.item}
          data-live={fresh.has(event) || undefined}
        >
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Badge color={EVENT_COLORS[event.type]} variant="dot" size="sm">
              {t(`monitor.eventType.${event.type}`)}
            </Badge>
            <TimeCell time={event.time} />
          </Group>
          <Text size="sm" fw={600} truncate>
            {event.team} ·{' '}
            <Text span size="sm" fw={400}>
              {event.user}
            </Text>
          </Text>
          <EventDescription event={event} />
        </li>
      ))}
    </Stack>
  );
}

function Events({ gameId }: { gameId: number }) {
  const solo = useGame(gameId).data?.individual === true;
  const { t } = useTranslation();
  const [hideContainer, setHideContainer] = useLocalStorage({ key: HIDE_CONTAINER_KEY, defaultValue: false });
  const [types, setTypes] = useState<string[]>([...EVENT_TYPES]);
  const { input, setInput, search, page, setPage } = useFeedSearch();
  const [paused, setPaused] = useState(false);
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const { events, hasOlder, error, isLoading } = useMonitorEvents(gameId, page, hideContainer, paused, search);
  const live = useLiveFeed<GameEvent>(paused);
  const liveState = useMonitorLive(gameId, { onEvent: live.push });

  const rows = useMemo(() => {
    const history = events ?? [];
    const pageRows =
      page > 0
        ? history
        : mergeFeed(
            live.shown.filter(
              (event) => !(hideContainer && CONTAINER_EVENTS.has(event.type)) && eventMatches(event, search),
            ),
            history,
            eventIdentity,
            (event) => event.time,
          );
    // The server filters container events only; the type chips narrow what is on screen.
    return pageRows.filter((event) => types.includes(event.type));
  }, [events, live.shown, page, hideContainer, types, search]);
  const fresh = useMemo(() => new Set(live.shown), [live.shown]);
  const typeChoices = EVENT_TYPES.filter((type) => !(hideContainer && CONTAINER_EVENTS.has(type)));

  return (
    <MonitorShell gameId={gameId} active="events" live={liveState}>
      <Group justify="space-between" className={classes.toolbar}>
        <Chip.Group multiple value={types} onChange={setTypes}>
          <Group gap={6} role="group" aria-label={t('monitor.events.filter')}>
            {typeChoices.map((type) => (
              <Chip key={type} value={type} size="xs" color={EVENT_COLORS[type]} variant="light">
                {t(`monitor.eventType.${type}`)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        <Group gap="md">
          <FeedSearchBox value={input} onChange={setInput} />
          <Switch
            size="sm"
            label={t('monitor.events.hideContainer')}
            checked={hideContainer}
            onChange={(event) => {
              setHideContainer(event.currentTarget.checked);
              setPage(0);
            }}
          />
          <LiveToggle paused={paused} heldCount={live.heldCount} onChange={setPaused} />
        </Group>
      </Group>
      <Card withBorder padding={0}>
        {rows.length > 0 ? (
          phone ? (
            <EventList rows={rows} fresh={fresh} />
          ) : (
            <EventRows rows={rows} fresh={fresh} solo={solo} />
          )
        ) : (
          <Stack p="md">
            <FeedState
              error={events ? undefined : error}
              loading={isLoading}
              emptyText={search ? t('monitor.search.noMatch') : t('monitor.events.empty')}
            />
          </Stack>
        )}
      </Card>
      <FeedPager page={page} hasOlder={hasOlder} onChange={setPage} />
    </MonitorShell>
  );
}

export default function MonitorEventsPage() {
  return <WithGameId>{(gameId) => <Events gameId={gameId} />}</WithGameId>;
}
