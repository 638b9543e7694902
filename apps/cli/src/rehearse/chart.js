// @ts-check
// Line charts as inline SVG (the report is one self-contained file: no scripts, no network).

const WIDTH = 640;
const HEIGHT = 200;
const PAD = { left: 48, right: 12, top: 12, bottom: 28 };
const COLOURS = ['#4dabf7', '#ff8787', '#69db7c', '#ffd43b', '#da77f2', '#ffa94d'];

/** @param {string} text */
export const escapeHtml = (text) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** @param {number} value */
const tick = (value) => (value >= 100 ? value.toFixed(0) : value >= 1 ? value.toFixed(1) : value.toFixed(2));

/**
 * @param {{ title: string, unit: string, series: { name: string, points: { x: number, y: number }[] }[],
 *   limit?: number }} chart
 * @returns {string} an <svg> element
 */
export function lineChart(chart) {
  const points = chart.series.flatMap((s) => s.points);
  const maxX = Math.max(1, ...points.map((p) => p.x));
  const maxY = Math.max(chart.limit ?? 0, ...points.map((p) => p.y), 1e-9) * 1.1;
  const x = (/** @type {number} */ v) => PAD.left + (v / maxX) * (WIDTH - PAD.left - PAD.right);
  const y = (/** @type {number} */ v) => HEIGHT - PAD.bottom - (v / maxY) * (HEIGHT - PAD.top - PAD.bottom);
  const grid = [0, 0.5, 1]
    .map((f) => {
      const value = maxY * f;
      return `<line x1="${PAD.left}" x2="${WIDTH - PAD.right}" y1="${y(value)}" y2="${y(value)}" class="grid"/><text x="${PAD.left - 6}" y="${y(value) + 4}" text-anchor="end">${tick(value)}</text>`;
    })
    .join('');
  const lines = chart.series
    .map((series, index) => {
      if (series.points.length === 0) return '';
      const path = series.points.map((p, i) => `${i ? 'L' : 'M'}${x(p.x).toFixed(1)},${y(p.y).toFixed(1)}`).join('');
      return `<path d="${path}" fill="none" stroke="${COLOURS[index % COLOURS.length]}" stroke-width="2"/>`;
    })
    .join('');
  const limit =
    chart.limit === undefined
      ? ''
      : `<line x1="${PAD.left}" x2="${WIDTH - PAD.right}" y1="${y(chart.limit)}" y2="${y(chart.limit)}" class="limit"/>`;
  const legend = chart.series
    .map(
      (s, i) =>
        `<tspan fill="${COLOURS[i % COLOURS.length]}">■</tspan> ${escapeHtml(s.name)}${i < chart.series.length - 1 ? '   ' : ''}`,
    )
    .join('');
  return `<figure><figcaption>${escapeHtml(chart.title)} <small>(${escapeHtml(chart.unit)})</small></figcaption>
<svg viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${escapeHtml(chart.title)}">${grid}${limit}${lines}
<text x="${WIDTH - PAD.right}" y="${HEIGHT - 8}" text-anchor="end">${tick(maxX)} s</text>
<text x="${PAD.left}" y="${HEIGHT - 8}">${legend}</text></svg></figure>`;
}
