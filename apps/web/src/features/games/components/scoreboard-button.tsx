import { Button } from '@mantine/core';
import { IconTrophy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The way to a game's scoreboard, offered once the game has started. */
export function ScoreboardButton({ gameId, iconSize = 18 }: { gameId: number; iconSize?: number }) {
  const { t } = useTranslation();
  return (
    <Button
      component={Link}
      to={`/games/${gameId}/scoreboard`}
      variant="default"
      leftSection={<IconTrophy size={iconSize} />}
    >
      {t('games.actions.scoreboard')}
    </Button>
  );
}
