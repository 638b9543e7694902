import type { BasicGameInfoModel } from '@flagpole/contract';
import { Center, Group, Pagination, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFlag3, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { PageContainer } from '@/components/page-container';
import { usePageTitle } from '@/lib/use-page-title';
import { GAMES_PAGE_SIZE, useGames } from '../api/get-games';
import { useRecentGames } from '../api/get-recent-games';
import { useNow } from '../hooks/use-now';
import { gamePhase, groupByPhase } from '../lib/game-status';
import { GameCard } from './game-card';

function GameGrid({ games, now }: { games: readonly BasicGameInfoModel[]; now: number }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="md">
      {games.map((game) => (
        <GameCard key={game.id} game={game} now={now} />
      ))}
    </SimpleGrid>
  );
}

function GridSkeleton({ count }: { count: number }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="md">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <Skeleton key={index} h={300} radius="md" />
      ))}
    </SimpleGrid>
  );
}

/** Running and upcoming games from the "recent" list, shown above the earlier ones. */
function Highlights({ now }: { now: number }) {
  const { t } = useTranslation();
  const { data } = useRecentGames(20);
  if (!data) return null;
  const { running, upcoming } = groupByPhase(data, now);
  if (running.length === 0 && upcoming.length === 0) return null;
  return (
    <Stack gap="xl">
      {running.length > 0 && (
        <section aria-labelledby="games-running">
          <Title order={2} size="h3" id="games-running" mb="sm">
            {t('games.list.running')}
          </Title>
          <GameGrid games={running} now={now} />
        </section>
      )}
      {upcoming.length > 0 && (
        <section aria-labelledby="games-upcoming">
          <Title order={2} size="h3" id="games-upcoming" mb="sm">
            {t('games.list.upcoming')}
          </Title>
          <GameGrid games={upcoming} now={now} />
        </section>
      )}
    </Stack>
  );
}

export default function GameListPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.games'));
  const [input, setInput] = useState('');
  const [settled] = useDebouncedValue(input.trim(), 300);
  const search = settled === '' ? null : settled;
  // A new search starts on its first page.
  const [paging, setPaging] = useState({ search, page: 1 });
  const page = paging.search === search ? paging.page : 1;
  const setPage = (next: number) => setPaging({ search, page: next });
  const now = useNow(30_000);
  const { data, error, isLoading, mutate } = useGames(page, search);
  const { data: recent } = useRecentGames(20);
  const pageCount = data ? Math.max(1, Math.ceil(data.total / GAMES_PAGE_SIZE)) : 1;
  // Running and upcoming games have their own sections above: each game is shown once.
  const highlighted = new Set(
    (recent ?? []).filter((game) => gamePhase(game.start, game.end, now) !== 'ended').map((game) => game.id),
  );
  // While searching every matching game is in one list (the running and upcoming sections are hidden).
  const earlier = search
    ? data?.data
    : recent
      ? data?.data.filter((game) => !highlighted.has(game.id) && gamePhase(game.start, game.end, now) === 'ended')
      : data?.data;
  const anyHighlighted = search === null && highlighted.size > 0;

  return (
    <PageContainer>
      <Stack gap="xl">
        <div>
          <Title order={1}>{t('games.list.title')}</Title>
          <Text c="dimmed">{t('games.list.description')}</Text>
        </div>
        {(input !== '' || (data?.total ?? 0) > 0) && (
          <TextInput
            type="search"
            maw={480}
            leftSection={<IconSearch size={16} />}
            aria-label={t('games.list.search')}
            placeholder={t('games.list.search')}
            maxLength={128}
            value={input}
            onChange={(event) => setInput(event.currentTarget.value)}
          />
        )}
        {search === null && <Highlights now={now} />}
        <section aria-labelledby="games-all">
          <Title order={2} size="h3" id="games-all" mb="sm">
            {search ? t('games.list.results') : anyHighlighted ? t('games.list.earlier') : t('games.list.all')}
          </Title>
          {error && !data ? (
            <ErrorAlert error={error} title={t('games.list.loadFailed')} onRetry={() => mutate()} />
          ) : isLoading && !data ? (
            <GridSkeleton count={6} />
          ) : earlier && (earlier.length > 0 || pageCount > 1) ? (
            <Stack gap="lg">
              {earlier.length > 0 ? (
                <GameGrid games={earlier} now={now} />
              ) : (
                <Text c="dimmed">{t('games.list.noneOnPage')}</Text>
              )}
              {pageCount > 1 && (
                <Group justify="center">
                  <Pagination
                    total={pageCount}
                    value={page}
                    onChange={setPage}
                    getControlProps={(control) => ({ 'aria-label': t(`games.list.pager.${control}`) })}
                  />
                </Group>
              )}
            </Stack>
          ) : search ? (
            <Text c="dimmed">{t('games.list.noMatch', { search })}</Text>
          ) : anyHighlighted ? (
            <Text c="dimmed">{t('games.list.noneEarlier')}</Text>
          ) : (
            <Center py="xl">
              <Stack align="center" gap="xs">
                <IconFlag3 size={48} stroke={1.2} aria-hidden />
                <Text fw={600}>{t('games.list.emptyTitle')}</Text>
                <Text c="dimmed" size="sm">
                  {t('games.list.emptyDescription')}
                </Text>
              </Stack>
            </Center>
          )}
        </section>
      </Stack>
    </PageContainer>
  );
}
