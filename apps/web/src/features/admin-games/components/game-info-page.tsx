import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useEditGame } from '../api/get-game';
import { CtftimeFeedCard } from './ctftime-feed-card';
import { GameHeader } from './game-header';
import { GameInfoForm } from './game-info/game-info-form';
import { LoadState } from './load-state';
import { GamePhasesSection } from './phases/game-phases-section';
import { ReleaseTimelineCard } from './release-timeline-card';
import { useRouteIds } from './use-route-ids';

export function GameInfoPage() {
  const { t } = useTranslation();
  const { gameId } = useRouteIds();
  const { game, error } = useEditGame(gameId);
  return (
    <Stack gap="md">
      <GameHeader gameId={gameId} page={t('adminGames.tabs.info')} />
      <ReleaseTimelineCard gameId={gameId} />
      <CtftimeFeedCard gameId={gameId} />
      <LoadState data={game} error={error} rows={6}>
        {(loaded) => (
          <Stack gap="md">
            <GameInfoForm key={loaded.id} game={loaded} />
            <GamePhasesSection gameId={loaded.id} gameStart={loaded.start} />
          </Stack>
        )}
      </LoadState>
    </Stack>
  );
}
