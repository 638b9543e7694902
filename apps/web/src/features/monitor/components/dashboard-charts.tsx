import type { EventDashboard } from '@flagpole/contract';
import { Card, Title } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import { cssColor, themedAxes, UplotChart } from '@/components/charts/uplot-chart';
import { SERIES_COLORS } from '@/features/games/components/score-chart';
import { solveSeries } from '../lib/dashboard-series';

/** Right bars left of each minute's tick, wrong ones right of it, side by side. */
const rightBars = uPlot.paths.bars?.({ size: [0.4, 20], align: -1 });
const wrongBars = uPlot.paths.bars?.({ size: [0.4, 20], align: 1 });

/** Right and wrong submissions per minute over the last half hour, as bars. */
export function SubmissionsChart({ dashboard, height }: { dashboard: EventDashboard; height: number }) {
  const { t } = useTranslation();
  const data = useMemo<uPlot.AlignedData>(() => {
    const minutes = dashboard.submissionsPerMinute;
    return [minutes.map((m) => m.time), minutes.map((m) => m.right), minutes.map((m) => m.wrong)];
  }, [dashboard.submissionsPerMinute]);
  const options = useCallback(
    (dark: boolean): Omit<uPlot.Options, 'width' | 'height'> => ({
      ms: 1,
      legend: { show: true, live: false },
      scales: { y: { range: (_u, _min, max) => [0, Math.max(4, max)] } },
      axes: themedAxes(dark),
      series: [
        {},
        {
          label: t('monitor.dashboard.right'),
          stroke: cssColor('--mantine-color-green-6'),
          fill: cssColor('--mantine-color-green-6'),
          paths: rightBars,
          points: { show: false },
        },
        {
          label: t('monitor.dashboard.wrong'),
          stroke: cssColor('--mantine-color-red-6'),
          fill: cssColor('--mantine-color-red-6'),
          paths: wrongBars,
          points: { show: false },
        },
      ],
    }),
    [t],
  );
  return (
    <Card withBorder padding="md">
      <Title order={2} size="h4" mb="xs">
        {t('monitor.dashboard.submissionsTitle')}
      </Title>
      <UplotChart options={options} data={data} height={height} label={t('monitor.dashboard.submissionsTitle')} />
    </Card>
  );
}

/** Solves over time of the most solved challenges, one cumulative step line each. */
export function SolvesChart({ dashboard, height }: { dashboard: EventDashboard; height: number }) {
  const { t } = useTranslation();
  const { shown, data } = useMemo(() => solveSeries(dashboard.challenges, dashboard.at), [dashboard]);
  const names = shown.map((challenge) => challenge.id).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the series change only with the challenges shown
  const options = useCallback(
    (dark: boolean): Omit<uPlot.Options, 'width' | 'height'> => ({
      ms: 1,
      legend: { show: true, live: false },
      scales: { y: { range: (_u, _min, max) => [0, Math.max(4, max)] } },
      axes: themedAxes(dark),
      series: [
        {},
        ...shown.map((challenge, index) => ({
          label: challenge.title,
          stroke: cssColor(SERIES_COLORS[index % SERIES_COLORS.length] ?? ''),
          width: 2,
          paths: uPlot.paths.stepped?.({ align: 1 }),
          points: { show: false },
        })),
      ],
    }),
    [names],
  );
  return (
    <Card withBorder padding="md">
      <Title order={2} size="h4" mb="xs">
        {t('monitor.dashboard.solvesTitle')}
      </Title>
      <UplotChart
        key={names}
        options={options}
        data={data}
        height={height}
        label={t('monitor.dashboard.solvesTitle')}
      />
    </Card>
  );
}
