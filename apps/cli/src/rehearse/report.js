// @ts-check
// The rehearsal's report: one self-contained HTML file (inline CSS and SVG, no scripts, nothing fetched).
import { escapeHtml, lineChart } from './chart.js';
import { RESOURCES } from './verdict.js';

/**
 * @typedef {{ url: string, game: number, teams: number, planned: number, minutes: number, rampSeconds: number,
 *   runId: string, startedAt: string, seconds: number, joinedTeams: number, failures: string[], notes: string[],
 *   endpoints: import('./stats.js').EndpointSummary[],
 *   timeline: ReturnType<typeof import('./stats.js').timeline>,
 *   samples: import('./metrics.js').Sample[], verdict: import('./verdict.js').Verdict }} ReportInput
 */

const STYLE = `body{font:14px/1.5 system-ui,sans-serif;background:#1a1b1e;color:#e9ecef;margin:0;padding:24px;max-width:1360px}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px}small,.muted{color:#909296}
.verdict{padding:14px 18px;border-radius:8px;font-size:17px;margin:16px 0}.ready{background:#12351f;border:1px solid #2f9e44}
.not-ready{background:#3b1518;border:1px solid #e03131}table{border-collapse:collapse;width:100%}
th,td{padding:5px 10px;border-bottom:1px solid #373a40;text-align:right}th:first-child,td:first-child{text-align:left}
.charts{display:grid;grid-template-columns:repeat(auto-fit,minmax(420px,1fr));gap:16px}
figure{margin:0;background:#25262b;border-radius:8px;padding:10px}figcaption{margin-bottom:6px}
svg{width:100%;height:auto}svg text{fill:#909296;font-size:11px}.grid{stroke:#373a40}.limit{stroke:#e03131;stroke-dasharray:4 4}
.cards{display:flex;flex-wrap:wrap;gap:12px}.card{background:#25262b;border-radius:8px;padding:10px 14px;min-width:150px}
.card b{display:block;font-size:20px}.bad{color:#ff8787}`;

/** @param {number} ms */
const msText = (ms) => `${Math.round(ms)} ms`;

/** @param {ReportInput} input */
function cards(input) {
  const calls = input.endpoints.reduce((sum, e) => sum + e.count, 0);
  const errors = input.endpoints.reduce((sum, e) => sum + e.errors, 0);
  const headroom = input.verdict.headroom === null ? 'n/a' : `${input.verdict.headroom.toFixed(1)}×`;
  const items = [
    ['Teams in', `${input.joinedTeams} / ${input.teams}`],
    ['Requests', `${calls}`],
    ['Throughput', `${(calls / Math.max(1, input.seconds)).toFixed(1)} req/s`],
    ['Errors', `${errors} (${(input.verdict.errorRate * 100).toFixed(2)}%)`],
    ['Projected limit', input.verdict.capacityTeams === null ? 'n/a' : `${input.verdict.capacityTeams} teams`],
    [`Headroom at ${input.planned}`, headroom],
  ];
  return `<div class="cards">${items.map(([k, v]) => `<div class="card"><small>${k}</small><b>${escapeHtml(String(v))}</b></div>`).join('')}</div>`;
}

/** @param {ReportInput} input */
function endpointTable(input) {
  const rows = input.endpoints
    .map(
      (e) =>
        `<tr><td>${escapeHtml(e.endpoint)}</td><td>${e.count}</td><td>${e.perSecond.toFixed(2)}</td><td>${msText(e.p50)}</td><td>${msText(e.p95)}</td><td>${msText(e.p99)}</td><td>${msText(e.max)}</td><td${e.errors ? ' class="bad"' : ''}>${e.errors}</td></tr>`,
    )
    .join('');
  return `<table><thead><tr><th>Endpoint</th><th>Requests</th><th>per s</th><th>p50</th><th>p95</th><th>p99</th><th>max</th><th>Errors</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** @param {ReportInput} input */
function resourceTable(input) {
  const rows = input.verdict.resources
    .map((r) => {
      const resource = RESOURCES.find((x) => x.key === r.key);
      const at = r.saturatedAt ? `at ${r.saturatedAt.teams} teams (${Math.round(r.saturatedAt.t)} s)` : 'no';
      return `<tr><td>${escapeHtml(r.label)}</td><td>${r.peak.toFixed(2)} ${escapeHtml(resource?.unit ?? '')}</td><td>${r.limit}</td><td${r.saturatedAt ? ' class="bad"' : ''}>${at}</td></tr>`;
    })
    .join('');
  return `<table><thead><tr><th>Resource</th><th>Peak</th><th>Saturation level</th><th>Saturated</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** @param {ReportInput} input */
function charts(input) {
  const t = input.timeline;
  const s = input.samples;
  /** @param {(sample: import('./metrics.js').Sample) => number | null} read */
  const series = (read) => s.flatMap((x) => (read(x) === null ? [] : [{ x: x.t, y: /** @type {number} */ (read(x)) }]));
  const list = [
    lineChart({
      title: 'Throughput',
      unit: 'requests/s',
      series: [{ name: 'requests', points: t.map((b) => ({ x: b.t, y: b.perSecond })) }],
    }),
    lineChart({
      title: 'Latency, 95th percentile, all endpoints',
      unit: 'ms',
      series: [{ name: 'p95', points: t.map((b) => ({ x: b.t, y: b.p95 })) }],
    }),
    lineChart({
      title: 'Errors',
      unit: 'per bucket',
      series: [{ name: 'errors', points: t.map((b) => ({ x: b.t, y: b.errors })) }],
    }),
    lineChart({
      title: 'Teams in the game',
      unit: 'teams',
      series: [{ name: 'teams', points: series((x) => x.teams) }],
    }),
    lineChart({
      title: 'Server CPU',
      unit: 'cores',
      series: [{ name: 'cpu', points: series((x) => x.cpu) }],
      limit: 0.9,
    }),
    lineChart({
      title: 'Queues',
      unit: 'waiting',
      series: [
        { name: 'database pool', points: series((x) => x.dbPoolWaiting) },
        { name: 'judge backlog', points: series((x) => x.judgeBacklog) },
        { name: 'instance starts', points: series((x) => x.instanceQueue) },
      ],
    }),
    lineChart({
      title: 'Live channel',
      unit: 'connections',
      series: [{ name: 'open', points: series((x) => x.liveConnections) }],
    }),
  ];
  return `<div class="charts">${list.join('')}</div>`;
}

/** @param {ReportInput} input @returns {string} */
export function renderReport(input) {
  const v = input.verdict;
  const notes = [...input.notes, ...input.failures.slice(0, 20)];
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Flagpole rehearsal — ${escapeHtml(input.startedAt)}</title><style>${STYLE}</style></head><body>
<h1>Load rehearsal of game ${input.game}</h1>
<div class="muted">${escapeHtml(input.url)} · run ${escapeHtml(input.runId)} · ${escapeHtml(input.startedAt)} · ${input.teams} teams over a ${Math.round(input.rampSeconds)} s ramp, then ${input.minutes} min · ${Math.round(input.seconds)} s in all</div>
<p class="verdict ${v.ready ? 'ready' : 'not-ready'}">${escapeHtml(v.sentence)}</p>
${cards(input)}
<h2>Charts</h2>${charts(input)}
<h2>Endpoints</h2>${endpointTable(input)}
<h2>What saturated first</h2>
<p>${v.firstSaturated ? `The ${escapeHtml(v.firstSaturated.label)} reached its saturation level first.` : 'Nothing reached its saturation level.'} Capacity is projected linearly from the busiest resource; treat it as a guide and rehearse again near the planned size.</p>
${resourceTable(input)}
${notes.length ? `<h2>Notes</h2><ul>${notes.map((n) => `<li>${escapeHtml(n)}</li>`).join('')}</ul>` : ''}
</body></html>
`;
}
