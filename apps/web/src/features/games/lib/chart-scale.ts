import type { TopTimeLine } from '@flagpole/contract';

/** "Nice" round tick values from 0 to at least `max` (about `count` steps of 1, 2, 2.5 or 5 × 10^n). */
export function niceTicks(max: number, count = 4): number[] {
  if (!(max > 0)) return [0];
  const rough = max / count;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 2.5, 5, 10].find((factor) => factor * magnitude >= rough) ?? 10) * magnitude;
  const ticks: number[] = [];
  for (let value = 0; value < max + step; value += step) {
    ticks.push(Math.round(value * 1e6) / 1e6);
    if (value >= max) break;
  }
  return ticks;
}

export interface StepPoint {
  time: number;
  score: number;
}

/**
 * A team's score curve as steps from (start, 0) to `until`: every solve raises the line at its time and it
 * stays flat until the next. Solves outside [start, until] are clamped onto the ends.
 */
export function stepPoints(team: TopTimeLine, start: number, until: number): StepPoint[] {
  const points: StepPoint[] = [{ time: start, score: 0 }];
  let score = 0;
  for (const item of [...team.items].sort((a, b) => a.time - b.time)) {
    const time = Math.min(until, Math.max(start, item.time));
    points.push({ time, score });
    score = item.score;
    points.push({ time, score });
  }
  points.push({ time: until, score });
  return points;
}

/**
 * Where the time axis ends: the played time, from the start to now (to the end once the game is over). The
 * latest solve also counts, so a browser clock behind the server's never piles the solves onto the right edge.
 */
export function chartUntil(teams: readonly TopTimeLine[], start: number, end: number, now: number): number {
  const lastSolve = Math.max(start, ...teams.flatMap((team) => team.items.map((item) => item.time)));
  return Math.max(start + 1, Math.min(end, Math.max(now, lastSolve)));
}
