import type { TopTimeLine } from '@flagpole/contract';
import { Box, Group, Text, UnstyledButton } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chartUntil, niceTicks, stepPoints } from '../lib/chart-scale';
import classes from './score-chart.module.css';

/** Ten distinguishable line colours (Mantine palette, shade 5–6). */
export const SERIES_COLORS = [
  'var(--mantine-color-blue-5)',
  'var(--mantine-color-red-5)',
  'var(--mantine-color-teal-5)',
  'var(--mantine-color-yellow-5)',
  'var(--mantine-color-grape-5)',
  'var(--mantine-color-orange-5)',
  'var(--mantine-color-cyan-5)',
  'var(--mantine-color-lime-5)',
  'var(--mantine-color-pink-5)',
  'var(--mantine-color-indigo-4)',
];

const MARGIN = { top: 12, right: 16, bottom: 28, left: 52 };

interface ScoreChartProps {
  teams: readonly TopTimeLine[];
  start: number;
  end: number;
  now: number;
  height?: number;
}

/** Stepped score lines of the top teams over the game (a dependency-free SVG chart). */
export function ScoreChart({ teams, start, end, now, height = 320 }: ScoreChartProps) {
  const { t } = useTranslation();
  const { ref, width } = useElementSize();
  const [focus, setFocus] = useState<number | null>(null);
  const until = chartUntil(teams, start, end, now);

  const series = useMemo(
    () => teams.map((team) => ({ team, points: stepPoints(team, start, until) })),
    [teams, start, until],
  );
  const maxScore = Math.max(1, ...series.flatMap(({ points }) => points.map((p) => p.score)));
  const yTicks = niceTicks(maxScore);
  const yMax = yTicks.at(-1) ?? maxScore;

  const plotWidth = Math.max(10, width - MARGIN.left - MARGIN.right);
  const plotHeight = height - MARGIN.top - MARGIN.bottom;
  const x = (time: number) => MARGIN.left + ((time - start) / (until - start)) * plotWidth;
  const y = (score: number) => MARGIN.top + plotHeight - (score / yMax) * plotHeight;

  const span = until - start;
  const timeFormat = span > 3 * 86_400_000 ? 'MM-DD' : span > 86_400_000 ? 'MM-DD HH:mm' : 'HH:mm';
  const xTickCount = Math.max(2, Math.min(6, Math.floor(plotWidth / 110)));
  const xTicks = Array.from({ length: xTickCount + 1 }, (_, i) => start + (span * i) / xTickCount);

  return (
    <Box>
      <div ref={ref} className={classes.frame}>
        {width > 0 && (
          <svg
            width={width}
            height={height}
            role="img"
            aria-label={t('scoreboard.chart.label', { count: teams.length })}
            className={classes.svg}
          >
            {yTicks.map((tick) => (
              <g key={tick}>
                <line
                  x1={MARGIN.left}
                  x2={MARGIN.left + plotWidth}
                  y1={y(tick)}
                  y2={y(tick)}
                  className={classes.grid}
                />
                <text
                  x={MARGIN.left - 8}
                  y={y(tick)}
                  className={classes.axisLabel}
                  textAnchor="end"
                  dominantBaseline="middle"
                >
                  {tick}
                </text>
              </g>
            ))}
            {xTicks.map((tick) => (
              <text key={tick} x={x(tick)} y={height - 8} className={classes.axisLabel} textAnchor="middle">
                {dayjs(tick).format(timeFormat)}
              </text>
            ))}
            {series.map(({ team, points }, index) => {
              const d = points
                .map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.time).toFixed(1)},${y(p.score).toFixed(1)}`)
                .join('');
              const dimmed = focus !== null && focus !== team.id;
              const last = points.at(-1);
              return (
                <g key={team.id} opacity={dimmed ? 0.15 : 1} className={classes.series}>
                  <path
                    d={d}
                    fill="none"
                    stroke={SERIES_COLORS[index % SERIES_COLORS.length]}
                    strokeWidth={focus === team.id ? 3 : 2}
                    strokeLinejoin="round"
                  >
                    <title>{t('scoreboard.chart.seriesTitle', { team: team.name, count: last?.score ?? 0 })}</title>
                  </path>
                  {team.items.map((item) => (
                    <circle
                      key={`${item.time}-${item.score}`}
                      cx={x(Math.min(until, Math.max(start, item.time)))}
                      cy={y(item.score)}
                      r={2.5}
                      fill={SERIES_COLORS[index % SERIES_COLORS.length]}
                    >
                      <title>
                        {t('scoreboard.chart.pointTitle', {
                          team: team.name,
                          count: item.score,
                          time: dayjs(item.time).format('lll'),
                        })}
                      </title>
                    </circle>
                  ))}
                </g>
              );
            })}
          </svg>
        )}
      </div>
      {/* The chart's text alternative for screen readers: each line it draws with its team's score. A list, not a
          second table: the ranking below is the page's table of the same teams. */}
      <ul className="visually-hidden" aria-label={t('scoreboard.chart.label', { count: teams.length })}>
        {series.map(({ team, points }) => (
          <li key={team.id}>
            {t('scoreboard.chart.seriesTitle', { team: team.name, count: points.at(-1)?.score ?? 0 })}
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
            <span className={classes.swatch} style={{ background: SERIES_COLORS[index % SERIES_COLORS.length] }} />
            <Text size="xs" span truncate maw={140}>
              {team.name}
            </Text>
          </UnstyledButton>
        ))}
      </Group>
    </Box>
  );
}
