import { Select } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useGamePhases } from '../../api/phases';
import type { ChallengeFormValues } from '../../challenge-form';

/**
 * The challenge's game phase (docs/game-play.md, "Phases"); shown when the game has phases or the challenge is in
 * one. "No phase" keeps it on the whole game's board only.
 */
export function GamePhaseSelect({ gameId, form }: { gameId: number; form: UseFormReturnType<ChallengeFormValues> }) {
  const { t } = useTranslation();
  const { phases } = useGamePhases(gameId);
  if (!phases || (phases.length === 0 && form.values.gamePhase === '')) return null;
  return (
    <Select
      label={t('adminGames.challenge.gamePhase')}
      description={t('adminGames.challenge.gamePhaseHint')}
      data={[
        { value: '', label: t('adminGames.challenge.noGamePhase') },
        ...phases.map((phase) => ({ value: String(phase.id), label: phase.title })),
      ]}
      allowDeselect={false}
      {...form.getInputProps('gamePhase')}
    />
  );
}
