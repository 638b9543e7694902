import type { GamePhaseInfo } from '@flagpole/contract';
import { SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** Up to this many phases (plus "Whole game") fit a segmented control on a wide screen; more use a select. */
const SEGMENTS_MAX = 4;

/**
 * Switches the scoreboard between the whole game and one game phase (docs/game-play.md, "Phases"). `value` is the
 * phase id, null for the whole game.
 */
export function ScoreboardPhaseSwitch({
  phases,
  value,
  onChange,
  compact,
}: {
  phases: readonly GamePhaseInfo[];
  value: number | null;
  onChange: (phaseId: number | null) => void;
  compact: boolean;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const data = [
    { value: 'all', label: t('scoreboard.gamePhase.whole') },
    ...phases.map((phase) => ({ value: String(phase.id), label: phase.title })),
  ];
  const current = value === null ? 'all' : String(value);
  const choose = (chosen: string | null) => onChange(chosen === null || chosen === 'all' ? null : Number(chosen));
  if (compact || phases.length > SEGMENTS_MAX) {
    return (
      <Select
        label={t('scoreboard.gamePhase.label')}
        data={data}
        value={current}
        onChange={choose}
        allowDeselect={false}
        w={{ base: '100%', xs: 280 }}
      />
    );
  }
  return (
    <Stack gap={4} align="flex-start" maw="100%">
      <Text size="sm" fw={500} id={labelId}>
        {t('scoreboard.gamePhase.label')}
      </Text>
      <SegmentedControl data={data} value={current} onChange={choose} aria-labelledby={labelId} />
    </Stack>
  );
}
