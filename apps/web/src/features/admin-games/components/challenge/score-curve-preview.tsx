import { Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { curvePolyline, previewSolveCount, scoreCurve } from '../../score-curve';

const WIDTH = 300;
const HEIGHT = 110;

/** A small chart of the challenge value after 1..N solves. */
export function ScoreCurvePreview({
  original,
  minRate,
  difficulty,
}: {
  original: number;
  minRate: number;
  difficulty: number;
}) {
  const { t } = useTranslation();
  const valid = original >= 1 && minRate >= 0 && minRate <= 1 && difficulty > 0;
  if (!valid) {
    return (
      <Text size="xs" c="dimmed">
        {t('adminGames.challenge.curveInvalid')}
      </Text>
    );
  }
  const solves = previewSolveCount(difficulty);
  const points = scoreCurve(original, minRate, difficulty, solves);
  const at = (count: number) => points[Math.min(count, points.length) - 1]?.score ?? original;
  const description = t('adminGames.challenge.curveDescription', {
    count: solves,
    first: original,
    tenth: at(10),
    last: at(solves),
  });
  return (
    <Paper withBorder p="xs">
      <svg
        viewBox={`-4 -4 ${WIDTH + 8} ${HEIGHT + 8}`}
        width="100%"
        height={HEIGHT + 8}
        role="img"
        aria-label={description}
        preserveAspectRatio="none"
      >
        <line x1={0} y1={HEIGHT} x2={WIDTH} y2={HEIGHT} stroke="var(--mantine-color-default-border)" />
        <line
          x1={0}
          y1={HEIGHT - minRate * HEIGHT}
          x2={WIDTH}
          y2={HEIGHT - minRate * HEIGHT}
          stroke="var(--mantine-color-dimmed)"
          strokeDasharray="4 4"
        />
        <polyline
          points={curvePolyline(points, WIDTH, HEIGHT)}
          fill="none"
          stroke="var(--mantine-primary-color-filled)"
          strokeWidth={2}
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <Group justify="space-between" gap={4}>
        <Text size="xs" c="dimmed">
          {t('adminGames.challenge.curveStart', { score: original })}
        </Text>
        <Text size="xs" c="dimmed">
          {t('adminGames.challenge.curveAt', { count: 10, score: at(10) })}
        </Text>
        <Text size="xs" c="dimmed">
          {t('adminGames.challenge.curveAt', { count: solves, score: at(solves) })}
        </Text>
      </Group>
    </Paper>
  );
}
