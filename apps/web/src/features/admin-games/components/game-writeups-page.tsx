import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/coming-soon';
import { GameHeader } from './game-header';
import { useRouteIds } from './use-route-ids';

/** Write-up review arrives later; the page keeps the game's navigation. */
export function GameWriteupsPage() {
  const { t } = useTranslation();
  const { gameId } = useRouteIds();
  return (
    <Stack gap="md">
      <GameHeader gameId={gameId} page={t('adminGames.tabs.writeups')} />
      <ComingSoon page={t('adminGames.tabs.writeups')} />
    </Stack>
  );
}
