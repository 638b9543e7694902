import type { BasicGameInfoModel } from '@flagpole/contract';
import { Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconFlag3, IconUsers } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { gamePhase } from '../lib/game-status';
import classes from './game-card.module.css';
import { GamePhaseBadge } from './game-phase-badge';

export function GameCard({ game, now }: { game: BasicGameInfoModel; now: number }) {
  const { t } = useTranslation();
  const phase = gamePhase(game.start, game.end, now);
  return (
    <Card component={Link} to={`/games/${game.id}`} withBorder padding="md" className={classes.card}>
      <Card.Section>
        {/* The whole poster, uncropped, with nothing laid over it. */}
        {game.poster ? (
          <Image src={game.poster} alt="" h={150} fit="contain" className={classes.image} />
        ) : (
          <div className={classes.placeholder} aria-hidden>
            <IconFlag3 size={48} stroke={1.2} />
          </div>
        )}
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={3} size="h4" lineClamp={1}>
            {game.title}
          </Title>
          <GamePhaseBadge phase={phase} />
        </Group>
        <Text size="sm" c="dimmed" lineClamp={2} mih={40}>
          {game.summary || t('games.list.noSummary')}
        </Text>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconCalendarEvent size={16} aria-hidden style={{ flexShrink: 0, marginTop: 1 }} />
          {/* Both dates in full, one per line: a cut "8:5…" tells nobody when the game runs. */}
          <Text size="xs" c="dimmed" component="div">
            <div>{t('games.card.from', { date: dayjs(game.start).format('lll') })}</div>
            <div>{t('games.card.until', { date: dayjs(game.end).format('lll') })}</div>
          </Text>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <IconUsers size={16} aria-hidden />
          <Text size="xs" c="dimmed">
            {game.limit > 0 ? t('games.teamSizeLimit', { count: game.limit }) : t('games.teamSizeUnlimited')}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
