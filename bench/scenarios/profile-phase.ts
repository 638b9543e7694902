/**
 * Reads a V8 CPU profile of the benchmark server (`BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=…"`) and the
 * phase spans game-load wrote (`BENCH_PHASES_FILE`), and prints where one phase's samples went: the share of idle,
 * garbage collection and program time, then the functions with the most self time and the most inclusive time.
 *
 *   node --import tsx bench/scenarios/profile-phase.ts <file.cpuprofile> <phases.json> "wrong flags" [--top=25]
 *
 * The profiler samples by the wall clock, so shares are of the phase's wall time, idle included.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}
interface PhaseSpan {
  name: string;
  startUs: number;
  endUs: number;
}

/** A function's name as a reader finds it: name, file and line (bundle lines for the server). */
function label(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url ? `${path.basename(url)}:${lineNumber + 1}` : '';
  return `${functionName || '(anonymous)'}${file ? ` ${file}` : ''}`;
}

function summarise(profile: CpuProfile, span: PhaseSpan, top: number): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let total = 0;
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0;
    const weight = profile.timeDeltas[i + 1] ?? 0;
    if (at < span.startUs || at >= span.endUs) continue;
    total += weight;
    const leaf = byId.get(profile.samples[i] as number);
    if (!leaf) continue;
    self.set(label(leaf), (self.get(label(leaf)) ?? 0) + weight);
    const seen = new Set<string>();
    for (let id: number | undefined = leaf.id; id !== undefined; id = parent.get(id)) {
      const name = label(byId.get(id) as ProfileNode);
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + weight);
    }
  }
  const share = (us: number) => `${((100 * us) / Math.max(1, total)).toFixed(1)} %`;
  const list = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => `  ${share(us).padStart(7)}  ${name}`)
      .join('\n');
  const kinds = ['(idle)', '(garbage collector)', '(program)'].map((kind) => `${kind} ${share(self.get(kind) ?? 0)}`);
  return [
    `phase "${span.name}": ${(total / 1e6).toFixed(2)} s of samples; ${kinds.join(', ')}`,
    'self time:',
    list(self),
    'inclusive time:',
    list(inclusive),
  ].join('\n');
}

const [profileFile, phasesFile, phaseName] = process.argv.slice(2);
if (!profileFile || !phasesFile || !phaseName) {
  console.error('usage: profile-phase.ts <file.cpuprofile> <phases.json> <phase name> [--top=N]');
  process.exit(2);
}
const top = Number(process.argv.find((arg) => arg.startsWith('--top='))?.slice(6) ?? 25);
const profile = JSON.parse(readFileSync(profileFile, 'utf8')) as CpuProfile;
const spans = JSON.parse(readFileSync(phasesFile, 'utf8')) as PhaseSpan[];
const span = spans.find((candidate) => candidate.name === phaseName);
if (!span) throw new Error(`no phase "${phaseName}" in ${phasesFile}: ${spans.map((s) => s.name).join(', ')}`);
console.log(summarise(profile, span, top));
