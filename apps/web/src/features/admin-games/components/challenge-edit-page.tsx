import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { HealthPanel } from '@/features/health/components/health-panel';
import { useEditChallenge } from '../api/get-challenge';
import { ChallengeForm } from './challenge/challenge-form';
import { ChallengeHeader } from './challenge/challenge-header';
import { LockedHintsSection } from './challenge/locked-hints-section';
import { PrerequisitesSection } from './challenge/prerequisites-section';
import { GameHeader } from './game-header';
import { LoadState } from './load-state';
import { useRouteIds } from './use-route-ids';

export function ChallengeEditPage() {
  const { t } = useTranslation();
  const { gameId, challengeId } = useRouteIds();
  const { challenge, error } = useEditChallenge(gameId, challengeId);
  return (
    <Stack gap="md">
      <GameHeader gameId={gameId} page={challenge?.title ?? t('adminGames.tabs.challenges')} />
      <ChallengeHeader gameId={gameId} challenge={challenge} />
      <LoadState data={challenge} error={error} rows={6}>
        {(loaded) => (
          <Stack gap="md">
            <ChallengeForm key={loaded.id} gameId={gameId} challenge={loaded} />
            <LockedHintsSection key={`hints-${loaded.id}`} gameId={gameId} challengeId={loaded.id} />
            <PrerequisitesSection key={`prerequisites-${loaded.id}`} gameId={gameId} challenge={loaded} />
            <HealthPanel key={`health-${loaded.id}`} gameId={gameId} challengeId={loaded.id} />
          </Stack>
        )}
      </LoadState>
    </Stack>
  );
}
