import type { BasicGameInfoModel } from '@flagpole/contract';
import { Alert, Center, Container, Group, Pagination, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconFlag3 } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '@/lib/error-message';
import { usePageTitle } from '@/lib/use-page-title';
import { GAMES_PAGE_SIZE, useGames } from '../api/get-games';
import { useRecentGames } from '../api/get-recent-games';
import { useNow } from '../hooks/use-now';
import { groupByPhase } from '../lib/game-status';
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

/** Running and upcoming games from the "recent" list, shown above the full archive. */
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
  const [page, setPage] = useState(1);
  const now = useNow(30_000);
  const { data, error, isLoading } = useGames(page);
  const pageCount = data ? Math.max(1, Math.ceil(data.total / GAMES_PAGE_SIZE)) : 1;

  return (
    <Container size="xl" py="xl">
      <Stack gap="xl">
        <div>
          <Title order={1}>{t('games.list.title')}</Title>
          <Text c="dimmed">{t('games.list.description')}</Text>
        </div>
        <Highlights now={now} />
        <section aria-labelledby="games-all">
          <Title order={2} size="h3" id="games-all" mb="sm">
            {t('games.list.all')}
          </Title>
          {error && !data ? (
            <Alert color="red" icon={<IconAlertCircle />} title={t('games.list.loadFailed')}>
              {errorMessageOf(error, t('errors.unknown'))}
            </Alert>
          ) : isLoading && !data ? (
            <GridSkeleton count={6} />
          ) : data && data.data.length > 0 ? (
            <Stack gap="lg">
              <GameGrid games={data.data} now={now} />
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
    </Container>
  );
}
