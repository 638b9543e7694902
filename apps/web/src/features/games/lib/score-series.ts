import type { TopTimeLine } from '@flagpole/contract';
import type uPlot from 'uplot';

/**
 * The teams' score curves as uPlot's aligned columns: one shared time axis (the start, every solve time,
 * `until`), and per team its score after every solve up to that time. Solves outside [start, until] are
 * clamped onto the ends (like the hand-drawn chart before).
 */
export function scoreSeries(teams: readonly TopTimeLine[], start: number, until: number): uPlot.AlignedData {
  const clamp = (time: number) => Math.min(until, Math.max(start, time));
  const times = [...new Set([start, until, ...teams.flatMap((team) => team.items.map((item) => clamp(item.time)))])];
  times.sort((a, b) => a - b);
  const columns = teams.map((team) => {
    const items = [...team.items].sort((a, b) => a.time - b.time);
    let index = 0;
    let score = 0;
    return times.map((time) => {
      while (index < items.length && clamp(items[index]?.time ?? 0) <= time) score = items[index++]?.score ?? score;
      return score;
    });
  });
  return [times, ...columns];
}
