import type { BasicGameInfoModel } from '@flagpole/contract';
import { Button, Card, Group, Image, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconFlag3 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { useRecentGames } from '@/features/games/api/get-recent-games';
import { GamePhaseBadge } from '@/features/games/components/game-phase-badge';
import { GameProgress } from '@/features/games/components/game-progress';
import { ScoreboardButton } from '@/features/games/components/scoreboard-button';
import { useNow } from '@/features/games/hooks/use-now';
import { gamePhase } from '@/features/games/lib/game-status';
import classes from './home-page.module.css';

/**
 * The right half of the home page's hero: the game people come for (running first, else the next one, else the
 * latest), with its clock and the way in; a quiet emblem while the platform has no games yet.
 */
export function FeaturedGame({ logoUrl }: { logoUrl: string | null }) {
  const { t } = useTranslation();
  const now = useNow(30_000);
  const { data } = useRecentGames(20);
  // The recent list is ordered running, upcoming, ended: its first game is the one to show.
  const game: BasicGameInfoModel | undefined = data?.[0];
  if (!game) {
    return (
      <div className={classes.emblem} aria-hidden>
        <Logo size={132} url={logoUrl} />
      </div>
    );
  }
  const phase = gamePhase(game.start, game.end, now);
  return (
    <Card withBorder padding="lg" className={classes.featured} component="section" aria-labelledby="featured-game">
      <Card.Section>
        {game.poster ? (
          <Image src={game.poster} alt="" h={140} fit="contain" className={classes.featuredImage} />
        ) : (
          <div className={classes.featuredPoster} aria-hidden>
            <ThemeIcon size={56} radius="xl" variant="light">
              <IconFlag3 size={32} stroke={1.4} />
            </ThemeIcon>
          </div>
        )}
      </Card.Section>
      <Stack gap="sm" mt="md">
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {t(`home.featured.${phase}`)}
          </Text>
          <GamePhaseBadge phase={phase} />
        </Group>
        <Title order={2} size="h3" id="featured-game" lineClamp={2}>
          {game.title}
        </Title>
        {game.summary && (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {game.summary}
          </Text>
        )}
        <GameProgress start={game.start} end={game.end} compact />
        <Group gap="xs">
          <Button component={Link} to={`/games/${game.id}`} rightSection={<IconArrowRight size={16} />}>
            {t('home.featured.open')}
          </Button>
          {phase !== 'upcoming' && <ScoreboardButton gameId={game.id} iconSize={16} />}
        </Group>
      </Stack>
    </Card>
  );
}
