import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WriteupList } from '@/features/writeups/components/writeup-list';
import { GameHeader } from './game-header';
import { useRouteIds } from './use-route-ids';

/** The organisers' writeups page of a game, inside the game's navigation. */
export function GameWriteupsPage() {
  const { t } = useTranslation();
  const { gameId } = useRouteIds();
  return (
    <Stack gap="md">
      <GameHeader gameId={gameId} page={t('adminGames.tabs.writeups')} />
      <WriteupList gameId={gameId} />
    </Stack>
  );
}
