import type { ChallengeInfoModel } from '@flagpole/contract';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useGamePhases } from '../../api/phases';

/** 'all', 'none' (challenges without a phase), or a phase id as text. */
export type GamePhaseFilterValue = string;

/** The challenges the phase filter keeps (docs/game-play.md, "Phases"). */
export function filterByGamePhase(
  challenges: readonly ChallengeInfoModel[],
  filter: GamePhaseFilterValue,
): ChallengeInfoModel[] {
  if (filter === 'all') return [...challenges];
  if (filter === 'none') return challenges.filter((item) => item.phaseId == null);
  return challenges.filter((item) => item.phaseId != null && String(item.phaseId) === filter);
}

/** Narrows the challenge list to one game phase; shown only when the game has phases. */
export function GamePhaseFilter({
  gameId,
  value,
  onChange,
}: {
  gameId: number;
  value: GamePhaseFilterValue;
  onChange: (value: GamePhaseFilterValue) => void;
}) {
  const { t } = useTranslation();
  const { phases } = useGamePhases(gameId);
  if (!phases || phases.length === 0) return null;
  return (
    <Select
      label={t('adminGames.challenge.gamePhase')}
      data={[
        { value: 'all', label: t('adminGames.gamePhases.all') },
        ...phases.map((phase) => ({ value: String(phase.id), label: phase.title })),
        { value: 'none', label: t('adminGames.challenge.noGamePhase') },
      ]}
      value={value}
      onChange={(chosen) => onChange(chosen ?? 'all')}
      allowDeselect={false}
      w={{ base: '100%', xs: 240 }}
    />
  );
}
