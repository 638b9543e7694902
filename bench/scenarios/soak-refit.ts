/**
 * A second look at a soak run's trends, from its samples (soak-samples.csv): when the players' arrival is still
 * going on after warm-up (a busy machine signs them in slowly), a line over time alone mixes load with leaks. This
 * fits each figure against time and the number of live sockets together (least squares, two regressors): the time
 * coefficient is the growth the load does not explain, in % of the mean per simulated hour.
 *
 *   node --import tsx bench/scenarios/soak-refit.ts [bench/results/soak-samples.csv] [--warm-up 6]
 */
import { readFileSync } from 'node:fs';

type Row = Record<string, number>;

function readCsv(file: string): Row[] {
  const [head, ...lines] = readFileSync(file, 'utf8').trim().split('\n');
  const keys = (head ?? '').split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((value, i) => [keys[i] ?? '', Number(value)])));
}

/** Least squares of y = b0 + b1·x1 + b2·x2 by the normal equations (3×3, Cramer's rule). */
export function fitTwo(x1: number[], x2: number[], y: number[]): [number, number, number] {
  const n = y.length;
  const mean = (v: number[]) => v.reduce((s, a) => s + a, 0) / n;
  const [m1, m2, my] = [mean(x1), mean(x2), mean(y)];
  let s11 = 0;
  let s22 = 0;
  let s12 = 0;
  let s1y = 0;
  let s2y = 0;
  for (let i = 0; i < n; i++) {
    const a = (x1[i] ?? 0) - m1;
    const b = (x2[i] ?? 0) - m2;
    const c = (y[i] ?? 0) - my;
    s11 += a * a;
    s22 += b * b;
    s12 += a * b;
    s1y += a * c;
    s2y += b * c;
  }
  const det = s11 * s22 - s12 * s12;
  const b1 = det === 0 ? 0 : (s1y * s22 - s2y * s12) / det;
  const b2 = det === 0 ? 0 : (s2y * s11 - s1y * s12) / det;
  return [my - b1 * m1 - b2 * m2, b1, b2];
}

function main() {
  const file = process.argv.slice(2).find((arg) => arg.endsWith('.csv')) ?? 'bench/results/soak-samples.csv';
  const at = process.argv.indexOf('--warm-up');
  const warmUp = at >= 0 ? Number(process.argv[at + 1]) : 6;
  const rows = readCsv(file).filter((row) => (row.hour ?? 0) >= warmUp);
  const hours = rows.map((row) => row.hour ?? 0);
  const sockets = rows.map((row) => row.sockets ?? 0);
  console.log(`${rows.length} samples from ${warmUp} h; figure ~ hour + live sockets:`);
  for (const key of ['rssMb', 'heapUsedMb', 'heapTotalMb', 'fds', 'loopP99Ms']) {
    // A sample whose scrape failed has no metrics figures (NaN): left out of that figure's fit.
    const kept = rows
      .map((row, i) => [hours[i] ?? 0, sockets[i] ?? 0, row[key] ?? 0])
      .filter(([, , v]) => Number.isFinite(v));
    const y = kept.map(([, , v]) => v ?? 0);
    const [, perHour, perSocket] = fitTwo(
      kept.map(([h]) => h ?? 0),
      kept.map(([, s]) => s ?? 0),
      y,
    );
    const mean = y.reduce((s, a) => s + a, 0) / y.length;
    console.log(
      `${key}: ${perHour.toFixed(4)}/h (${((100 * perHour) / mean).toFixed(3)} % of the mean ${mean.toFixed(1)} per hour), ` +
        `${perSocket.toFixed(4)} per live socket`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
