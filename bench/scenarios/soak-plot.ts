/**
 * The soak run's samples drawn as one PNG: a hand-made SVG of eight small charts over simulated hours (warm-up
 * shaded, reconnect storms dotted, the least-squares line of the trend criteria in red), rendered headless by sharp.
 */
import sharp from 'sharp';
import type { SoakSample } from './soak-sampler';

export interface PlotSeries {
  label: string;
  color: string;
  values: (sample: SoakSample) => number;
}

export interface PlotPanel {
  title: string;
  series: PlotSeries[];
  /** Least-squares line of the first series over the samples after warm-up. */
  fit?: { slope: number; intercept: number };
}

const WIDTH = 1400;
const PANEL_W = 660;
const PANEL_H = 250;
const MARGIN = { left: 70, right: 20, top: 34, bottom: 30 };

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A round step for about five ticks over `span`. */
function tickStep(span: number): number {
  const raw = span / 5 || 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  const scaled = raw / power;
  return (scaled < 1.5 ? 1 : scaled < 3.5 ? 2 : scaled < 7.5 ? 5 : 10) * power;
}

function formatTick(value: number): string {
  return Math.abs(value) >= 1000 ? `${(value / 1000).toFixed(value % 1000 === 0 ? 0 : 1)}k` : `${+value.toFixed(2)}`;
}

function panelSvg(
  panel: PlotPanel,
  samples: SoakSample[],
  frame: { x: number; y: number; hours: number; warmUpHours: number; stormHours: number[] },
): string {
  const plotW = PANEL_W - MARGIN.left - MARGIN.right;
  const plotH = PANEL_H - MARGIN.top - MARGIN.bottom;
  const all = panel.series.flatMap((series) => samples.map(series.values)).filter(Number.isFinite);
  let low = Math.min(0, ...all);
  let high = Math.max(...all, 1e-9);
  const step = tickStep(high - low);
  low = Math.floor(low / step) * step;
  high = Math.ceil((high * 1.05) / step) * step;
  const sx = (hour: number) => MARGIN.left + (hour / frame.hours) * plotW;
  const sy = (value: number) => MARGIN.top + plotH - ((value - low) / (high - low || 1)) * plotH;
  const parts: string[] = [`<g transform="translate(${frame.x},${frame.y})">`];
  parts.push(
    `<rect x="${MARGIN.left}" y="${MARGIN.top}" width="${(frame.warmUpHours / frame.hours) * plotW}" height="${plotH}" fill="#eee"/>`,
  );
  for (let value = low; value <= high + step / 2; value += step) {
    const y = sy(value);
    parts.push(`<line x1="${MARGIN.left}" x2="${MARGIN.left + plotW}" y1="${y}" y2="${y}" stroke="#ddd"/>`);
    parts.push(
      `<text x="${MARGIN.left - 6}" y="${y + 4}" text-anchor="end" font-size="11">${formatTick(value)}</text>`,
    );
  }
  for (let hour = 0; hour <= frame.hours; hour += 6) {
    const x = sx(hour);
    parts.push(`<line x1="${x}" x2="${x}" y1="${MARGIN.top + plotH}" y2="${MARGIN.top + plotH + 4}" stroke="#333"/>`);
    parts.push(`<text x="${x}" y="${MARGIN.top + plotH + 17}" text-anchor="middle" font-size="11">${hour} h</text>`);
  }
  for (const hour of frame.stormHours) {
    const x = sx(hour);
    parts.push(
      `<line x1="${x}" x2="${x}" y1="${MARGIN.top}" y2="${MARGIN.top + plotH}" stroke="#999" stroke-dasharray="2,3"/>`,
    );
  }
  parts.push(
    `<rect x="${MARGIN.left}" y="${MARGIN.top}" width="${plotW}" height="${plotH}" fill="none" stroke="#333"/>`,
  );
  for (const series of panel.series) {
    const points = samples
      .map((sample) => [sample.hour, series.values(sample)] as const)
      .filter(([, value]) => Number.isFinite(value))
      .map(([hour, value]) => `${sx(hour).toFixed(1)},${sy(value).toFixed(1)}`);
    parts.push(`<polyline points="${points.join(' ')}" fill="none" stroke="${series.color}" stroke-width="1.4"/>`);
  }
  if (panel.fit) {
    const { slope, intercept } = panel.fit;
    const [from, to] = [frame.warmUpHours, frame.hours];
    parts.push(
      `<line x1="${sx(from)}" y1="${sy(intercept + slope * from)}" x2="${sx(to)}" y2="${sy(intercept + slope * to)}" stroke="#d00" stroke-width="2"/>`,
    );
  }
  parts.push(`<text x="${MARGIN.left}" y="20" font-size="14" font-weight="bold">${escapeXml(panel.title)}</text>`);
  let legendX = MARGIN.left + plotW;
  for (const series of [...panel.series].reverse()) {
    parts.push(
      `<text x="${legendX}" y="20" text-anchor="end" font-size="12" fill="${series.color}">${escapeXml(series.label)}</text>`,
    );
    legendX -= series.label.length * 7 + 16;
  }
  parts.push('</g>');
  return parts.join('\n');
}

/** Writes the panels, two per row, as a PNG at `file`. */
export async function writeSoakPlot(
  file: string,
  title: string,
  panels: PlotPanel[],
  samples: SoakSample[],
  frame: { hours: number; warmUpHours: number; stormHours: number[] },
): Promise<void> {
  const rows = Math.ceil(panels.length / 2);
  const height = 50 + rows * (PANEL_H + 10);
  const body = panels.map((panel, index) =>
    panelSvg(panel, samples, {
      ...frame,
      x: 20 + (index % 2) * (PANEL_W + 40),
      y: 50 + Math.floor(index / 2) * (PANEL_H + 10),
    }),
  );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" font-family="DejaVu Sans, sans-serif">
<rect width="100%" height="100%" fill="#fff"/>
<text x="20" y="30" font-size="17" font-weight="bold">${escapeXml(title)}</text>
${body.join('\n')}
</svg>`;
  await sharp(Buffer.from(svg)).png().toFile(file);
}
