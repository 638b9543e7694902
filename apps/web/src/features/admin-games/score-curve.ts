import { dynamicScore } from '@flagpole/contract';

export interface CurvePoint {
  solves: number;
  score: number;
}

/** The challenge's value after 1..maxSolves counted solves. */
export function scoreCurve(original: number, minRate: number, difficulty: number, maxSolves: number): CurvePoint[] {
  const count = Math.max(1, Math.floor(maxSolves));
  return Array.from({ length: count }, (_, index) => ({
    solves: index + 1,
    score: dynamicScore(original, minRate, difficulty, index + 1),
  }));
}

/** How many solves the preview spans: long enough to show most of the decay, at least 20. */
export function previewSolveCount(difficulty: number): number {
  if (!Number.isFinite(difficulty) || difficulty <= 0) return 20;
  return Math.min(200, Math.max(20, Math.ceil(difficulty * 5) + 1));
}

/** An SVG polyline `points` attribute for the curve in a width × height box, y = 0 at the top. */
export function curvePolyline(points: readonly CurvePoint[], width: number, height: number): string {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return '';
  const top = Math.max(...points.map((point) => point.score), 1);
  const span = Math.max(last.solves - first.solves, 1);
  return points
    .map((point) => {
      const x = ((point.solves - first.solves) / span) * width;
      const y = height - (point.score / top) * height;
      return `${round(x)},${round(y)}`;
    })
    .join(' ');
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
