import type { ChallengeSolves } from '@flagpole/contract';
import type uPlot from 'uplot';

/** Challenges drawn on the solves chart (the most solved; the rest stay in the table of unsolved and the API). */
export const SOLVE_LINES = 8;

/** The lines start this long before the first solve, at zero, so the first step is seen as one. */
const LEAD_MS = 60_000;

/**
 * Cumulative solves of the most solved challenges as uPlot's aligned columns over one time axis (a minute
 * before the first solve, every solve time, and `now` so the lines reach the present).
 */
export function solveSeries(
  challenges: readonly ChallengeSolves[],
  now: number,
): { shown: ChallengeSolves[]; data: uPlot.AlignedData } {
  const shown = [...challenges]
    .filter((challenge) => challenge.solves.length > 0)
    .sort((a, b) => b.solves.length - a.solves.length || a.id - b.id)
    .slice(0, SOLVE_LINES);
  const solveTimes = shown.flatMap((challenge) => challenge.solves);
  const lead = solveTimes.length > 0 ? [Math.min(...solveTimes) - LEAD_MS] : [];
  const times = [...new Set([...lead, ...solveTimes, now])].sort((a, b) => a - b);
  const columns = shown.map((challenge) => {
    let count = 0;
    return times.map((time) => {
      while (count < challenge.solves.length && (challenge.solves[count] ?? 0) <= time) count++;
      return count;
    });
  });
  return { shown, data: [times, ...columns] };
}
