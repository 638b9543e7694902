import type { TopTimeLine } from '@flagpole/contract';
import { Box, Group, Text, UnstyledButton } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import { cssColor, themedAxes, UplotChart } from '@/components/charts/uplot-chart';
import { chartUntil, niceTicks } from '../lib/chart-scale';
import { scoreSeries } from '../lib/score-series';
import classes from './score-chart.module.css';

/** Ten distinguishable line colours (Mantine palette variables, shade 4–5). */
export const SERIES_COLORS = [
  '--mantine-color-blue-5',
  '--mantine-color-red-5',
  '--mantine-color-teal-5',
  '--mantine-color-yellow-5',
  '--mantine-color-grape-5',
  '--mantine-color-orange-5',
  '--mantine-color-cyan-5',
  '--mantine-color-lime-5',
  '--mantine-color-pink-5',
  '--mantine-color-indigo-4',
];

interface ScoreChartProps {
  teams: readonly TopTimeLine[];
  start: number;
  end: number;
  now: number;
  height?: number;
}

/** Stepped score lines of the top teams over the game (uPlot; the legend below focuses a team's line). */
export function ScoreChart({ teams, start, end, now, height = 320 }: ScoreChartProps) {
  const { t } = useTranslation();
  const [focus, setFocus] = useState<number | null>(null);
  const chart = useRef<uPlot | null>(null);
  const until = chartUntil(teams, start, end, now);
  const data = useMemo(() => scoreSeries(teams, start, until), [teams, start, until]);
  const names = teams.map((team) => team.name).join('\u0000');

  // biome-ignore lint/correctness/useExhaustiveDependencies: the series change only with the teams' names
  const options = useCallback(
    (dark: boolean): Omit<uPlot.Options, 'width' | 'height'> => ({
      ms: 1,
      legend: { show: false },
      focus: { alpha: 0.15 },
      cursor: { focus: { prox: 24 } },
      scales: { y: { range: (_u, _min, max) => [0, niceTicks(Math.max(1, max)).at(-1) ?? max] } },
      axes: themedAxes(dark),
      series: [
        {},
        ...teams.map((team, index) => ({
          label: team.name,
          stroke: cssColor(SERIES_COLORS[index % SERIES_COLORS.length] ?? ''),
          width: 2,
          paths: uPlot.paths.stepped?.({ align: 1 }),
          points: { show: false },
        })),
      ],
    }),
    [names],
  );

  useEffect(() => {
    const index = teams.findIndex((team) => team.id === focus);
    chart.current?.setSeries(index < 0 ? null : index + 1, { focus: true });
  }, [focus, teams]);

  return (
    <Box>
      <UplotChart
        options={options}
        data={data}
        height={height}
        label={t('scoreboard.chart.label', { count: teams.length })}
        onReady={(made) => {
          chart.current = made;
        }}
      />
      {/* The chart's text alternative for screen readers: each line it draws with its team's score. A list, not a
          second table: the ranking below is the page's table of the same teams. */}
      <ul className="visually-hidden" aria-label={t('scoreboard.chart.label', { count: teams.length })}>
        {teams.map((team) => (
          <li key={team.id}>
            {t('scoreboard.chart.seriesTitle', { team: team.name, count: team.items.at(-1)?.score ?? 0 })}
          </li>
        ))}
      </ul>
      <Group gap="xs" mt="xs" justify="center">
        {teams.map((team, index) => (
          <UnstyledButton
            key={team.id}
            className={classes.legendItem}
            onMouseEnter={() => setFocus(team.id)}
            onMouseLeave={() => setFocus(null)}
            onFocus={() => setFocus(team.id)}
            onBlur={() => setFocus(null)}
            aria-pressed={focus === team.id}
          >
            <span
              className={classes.swatch}
              style={{ background: `var(${SERIES_COLORS[index % SERIES_COLORS.length]})` }}
            />
            <Text size="xs" span truncate maw={140}>
              {team.name}
            </Text>
          </UnstyledButton>
        ))}
      </Group>
    </Box>
  );
}
