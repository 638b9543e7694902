import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { GamePhase } from '../lib/game-status';

export const PHASE_COLORS: Record<GamePhase, string> = { upcoming: 'blue', running: 'teal', ended: 'gray' };

export function GamePhaseBadge({ phase, size = 'md' }: { phase: GamePhase; size?: 'xs' | 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  return (
    <Badge color={PHASE_COLORS[phase]} variant={phase === 'running' ? 'filled' : 'light'} size={size}>
      {t(`games.phase.${phase}`)}
    </Badge>
  );
}
