import type { TeamGameResult, TeamInfoModel } from '@flagpole/contract';
import {
  Anchor,
  Avatar,
  Badge,
  Card,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCrown, IconTrophy } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { PageContainer } from '@/components/page-container';
import { NotFoundPage } from '@/features/errors/components/not-found-page';
import { parseId } from '@/features/games/api/keys';
import { GamePhaseBadge } from '@/features/games/components/game-phase-badge';
import { useNow } from '@/features/games/hooks/use-now';
import { type GamePhase, gamePhase } from '@/features/games/lib/game-status';
import { ApiError } from '@/lib/http';
import { usePageTitle } from '@/lib/use-page-title';
import { useTeamGames, useTeamProfile } from '../api/get-team-profile';

function Members({ team }: { team: TeamInfoModel }) {
  const { t } = useTranslation();
  const members = team.members ?? [];
  return (
    <Card padding="lg" component="section" aria-labelledby="team-members">
      <Title order={2} size="h4" id="team-members" mb="sm">
        {t('teams.profile.members', { count: members.length })}
      </Title>
      <Stack gap="sm">
        {members.map((member) => (
          <Group key={member.id ?? member.userName} gap="sm" wrap="nowrap">
            <Avatar src={member.avatar} alt="" radius="xl" name={member.userName ?? ''} color="initials" />
            <div style={{ minWidth: 0 }}>
              <Group gap={6} wrap="nowrap">
                <Text fw={600} truncate>
                  {member.userName}
                </Text>
                {member.captain && (
                  <Badge size="xs" variant="light" color="yellow" leftSection={<IconCrown size={10} />}>
                    {t('teams.profile.captain')}
                  </Badge>
                )}
              </Group>
              {member.bio && (
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {member.bio}
                </Text>
              )}
            </div>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

function Standing({ result, phase }: { result: TeamGameResult; phase: GamePhase }) {
  const { t } = useTranslation();
  return result.rank > 0 ? (
    <Text fw={700}>{t('teams.profile.rankOf', { rank: result.rank, count: result.teamCount })}</Text>
  ) : (
    <Text c="dimmed" size="sm">
      {phase === 'upcoming' ? t('teams.profile.notStarted') : t('teams.profile.unranked')}
    </Text>
  );
}

function GameTitle({ result, phase }: { result: TeamGameResult; phase: GamePhase }) {
  return (
    <Stack gap={2}>
      <Group gap="xs" wrap="nowrap">
        <Anchor component={Link} to={`/games/${result.game.id}`} fw={600}>
          {result.game.title}
        </Anchor>
        <GamePhaseBadge phase={phase} size="xs" />
      </Group>
      <Text size="xs" c="dimmed">
        {dayjs(result.game.start).format('ll')} – {dayjs(result.game.end).format('ll')}
      </Text>
    </Stack>
  );
}

/** Phones: one card per game instead of a table scrolled sideways. */
function ResultCards({ results, now }: { results: TeamGameResult[]; now: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      {results.map((result) => {
        const phase = gamePhase(result.game.start, result.game.end, now);
        return (
          <Paper key={result.game.id} withBorder p="sm" radius="md">
            <Stack gap="xs">
              <GameTitle result={result} phase={phase} />
              <SimpleGrid cols={3} spacing="xs">
                <div>
                  <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                    {t('scoreboard.table.rank')}
                  </Text>
                  <Standing result={result} phase={phase} />
                </div>
                <div>
                  <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                    {t('scoreboard.table.score')}
                  </Text>
                  <Text fw={700}>{result.score}</Text>
                </div>
                <div>
                  <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                    {t('scoreboard.table.solved')}
                  </Text>
                  <Text>
                    {result.solvedCount}/{result.challengeCount}
                  </Text>
                </div>
              </SimpleGrid>
              {phase !== 'upcoming' && (
                <Anchor component={Link} to={`/games/${result.game.id}/scoreboard`} size="sm">
                  <Group gap={4} component="span" wrap="nowrap">
                    <IconTrophy size={14} aria-hidden />
                    {t('games.actions.scoreboard')}
                  </Group>
                </Anchor>
              )}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}

function Results({ results, now }: { results: TeamGameResult[]; now: number }) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  if (results.length === 0) return <Text c="dimmed">{t('teams.profile.noGames')}</Text>;
  if (phone) return <ResultCards results={results} now={now} />;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('teams.profile.game')}</Table.Th>
            <Table.Th ta="center">{t('scoreboard.table.rank')}</Table.Th>
            <Table.Th ta="right">{t('scoreboard.table.score')}</Table.Th>
            <Table.Th ta="center">{t('scoreboard.table.solved')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {results.map((result) => {
            const phase = gamePhase(result.game.start, result.game.end, now);
            return (
              <Table.Tr key={result.game.id}>
                <Table.Td>
                  <GameTitle result={result} phase={phase} />
                </Table.Td>
                <Table.Td ta="center">
                  {result.rank > 0 ? (
                    <Text fw={700}>{t('teams.profile.rankOf', { rank: result.rank, count: result.teamCount })}</Text>
                  ) : (
                    <Text c="dimmed" size="sm">
                      {phase === 'upcoming' ? t('teams.profile.notStarted') : t('teams.profile.unranked')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right" fw={700}>
                  {result.score}
                </Table.Td>
                <Table.Td ta="center">
                  {result.solvedCount}/{result.challengeCount}
                </Table.Td>
                <Table.Td>
                  {phase !== 'upcoming' && (
                    <Anchor component={Link} to={`/games/${result.game.id}/scoreboard`} size="sm">
                      <Group gap={4} component="span" wrap="nowrap">
                        <IconTrophy size={14} aria-hidden />
                        {t('games.actions.scoreboard')}
                      </Group>
                    </Anchor>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A team's public page: who is in it and how it did in each game (docs/teams-and-game-entry.md). */
export default function TeamPage() {
  const { t } = useTranslation();
  const id = parseId(useParams().id);
  const { data: team, error, mutate } = useTeamProfile(id);
  const games = useTeamGames(team ? id : null);
  const now = useNow(60_000);
  usePageTitle(team?.name ?? t('teams.profile.title'));

  if (id === null || (error instanceof ApiError && error.httpStatus === 404)) return <NotFoundPage />;
  if (!team) {
    return (
      <PageContainer>
        {error ? (
          <ErrorAlert error={error} title={t('teams.profile.loadFailed')} onRetry={() => mutate()} />
        ) : (
          <Stack>
            <Skeleton h={80} />
            <Skeleton h={240} />
          </Stack>
        )}
      </PageContainer>
    );
  }
  return (
    <PageContainer>
      <Stack gap="xl">
        <Group gap="lg" wrap="nowrap" align="center">
          <Avatar src={team.avatar} alt="" size={72} radius="lg" name={team.name ?? ''} color="initials" />
          <div style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              {t('teams.profile.title')}
            </Text>
            <Title order={1} style={{ overflowWrap: 'anywhere' }}>
              {team.name}
            </Title>
            {team.bio && <Text c="dimmed">{team.bio}</Text>}
          </div>
        </Group>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Members team={team} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Card padding="lg" component="section" aria-labelledby="team-games">
              <Title order={2} size="h4" id="team-games" mb="sm">
                {t('teams.profile.games')}
              </Title>
              {games.data ? (
                <Results results={games.data} now={now} />
              ) : games.error ? (
                <ErrorAlert error={games.error} title={t('teams.profile.loadFailed')} onRetry={() => games.mutate()} />
              ) : (
                <Skeleton h={120} />
              )}
            </Card>
          </Grid.Col>
        </Grid>
      </Stack>
    </PageContainer>
  );
}
