import { Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNow } from '../hooks/use-now';
import { countdownTarget, formatCountdown, gamePhase, gameProgress } from '../lib/game-status';
import { PHASE_COLORS } from './game-phase-badge';

/** Start and end, a progress bar and a live countdown to the next of them. */
export function GameProgress({ start, end, compact = false }: { start: number; end: number; compact?: boolean }) {
  const { t } = useTranslation();
  const now = useNow(1000);
  const phase = gamePhase(start, end, now);
  const target = countdownTarget(start, end, now);
  const progress = gameProgress(start, end, now);
  const countdown = target === null ? null : formatCountdown(target - now, t('games.time.dayUnit'));

  return (
    <Stack gap={6}>
      {!compact && (
        <SimpleGrid cols={2} spacing="xs">
          <div>
            <Text size="xs" c="dimmed">
              {t('games.time.start')}
            </Text>
            <Text size="sm" fw={600}>
              {dayjs(start).format('llll')}
            </Text>
          </div>
          <div style={{ textAlign: 'right' }}>
            <Text size="xs" c="dimmed">
              {t('games.time.end')}
            </Text>
            <Text size="sm" fw={600}>
              {dayjs(end).format('llll')}
            </Text>
          </div>
        </SimpleGrid>
      )}
      <Progress
        value={progress}
        color={PHASE_COLORS[phase]}
        size={compact ? 'sm' : 'md'}
        striped={phase === 'running'}
        animated={phase === 'running'}
        aria-label={t('games.time.progressLabel', { percent: Math.round(progress) })}
      />
      <Text size="sm" c="dimmed" ta={compact ? 'right' : 'center'} role="timer" aria-live="off">
        {phase === 'upcoming' && t('games.time.startsIn', { time: countdown })}
        {phase === 'running' && t('games.time.endsIn', { time: countdown })}
        {phase === 'ended' && t('games.time.ended', { date: dayjs(end).format('ll') })}
      </Text>
    </Stack>
  );
}
