/**
 * Compares two on-CPU profiles of the benchmark servers taken with Linux `perf` (one process against three, or one
 * build against another) per submission, by kind of work: JavaScript by compiler tier, the inline-cache and call
 * builtins that unoptimised code leans on, garbage collection, compilation, the board's rebuild, compression, JSON,
 * the kernel. V8's own profiler (`profile-phase.ts`) samples by the wall clock, so on over-committed cores a
 * process's preemption is charged to whatever frame was running; `perf -e cpu-clock` samples only on the CPU.
 *
 * Record (the servers started with `BENCH_SERVER_NODE_ARGS=--perf-basic-prof`, so JIT frames have names), then
 * list the symbols and compare:
 *
 *   perf record -e cpu-clock -F 999 -o one.data -p <pid> -- sleep 12          # during a measured phase
 *   perf report -i one.data --stdio -n --sort sym > one.txt                    # the same for three.data
 *   node --import tsx bench/scenarios/perf-split.ts one.txt <submissions> three.txt <submissions> [--top=30]
 *
 * `<submissions>` is the count completed while the profile was recorded (rate × seconds). Prints µs per submission
 * by kind for both, the difference, and the symbols that grew most.
 */
import { readFileSync } from 'node:fs';

const SAMPLE_US = 1_000_000 / 999;

/** Kinds of native work, tried in order; JIT frames are sorted by tier first. */
const KINDS: ReadonlyArray<[string, RegExp]> = [
  [
    'board rebuild (JS)',
    /buildItems|assignRanks|changedTeams|collectSolvesInTimeOrder|mergeSolves|buildTeamRows|distributePoints|sameItem|classifySolves|serialise|diffScoreboards|sameJson|computeScoreboard/,
  ],
  ['compression', /longest_match|deflate|fill_window|compress_block|send_bits|_tr_|adler32|crc32|Brotli/i],
  ['JSON', /Json(Stringifier|Parser)|JsonStringify|JsonParse/],
  [
    'garbage collection',
    /Scavenge|Marking|Sweep|Evacuat|Compactor|MemoryChunk|MarkCompact|ConcurrentMark|HeapObject::SizeFromMap/,
  ],
  ['compilation', /Compil|maglev::|Maglev[A-Z]|compiler::|turboshaft|Parser::|Scanner::|BytecodeGenerator/],
  [
    'inline caches and calls (builtins)',
    /^Builtins_(Load|Store|KeyedLoad|KeyedStore|Call|Construct|GetProperty|SetProperty|Define|CreateDataProperty|FindOrdered|LoadGlobal|ToBoolean)/,
  ],
  ['interpreter and baseline', /^Builtins_(Interpreter|Baseline)|BytecodeHandler/],
];

/** The tier of a JIT frame from perf-basic-prof's marker: `*` TurboFan, `+` Maglev, `^` Sparkplug, `~` interpreted. */
const TIERS: Record<string, string> = {
  '*': 'JS optimised (TurboFan)',
  '+': 'JS mid-tier (Maglev)',
  '^': 'JS baseline (Sparkplug)',
  '~': 'JS interpreted',
};

interface Symbol {
  kind: string;
  name: string;
  us: number;
}

function kindOf(space: string, name: string): string {
  if (space === 'k') return 'kernel';
  const jit = name.match(/^(?:JS|LazyCompile|Function):([*+^~])/);
  const bare = name.replace(/^(?:JS|LazyCompile|Function):[*+^~]?'?/, '');
  for (const [kind, pattern] of KINDS) if (pattern.test(bare)) return kind;
  if (jit) return TIERS[jit[1] as string] ?? 'JS (other tier)';
  return /^0x[0-9a-f]+$/.test(name) ? 'JS (unnamed)' : 'other native (node, libc, V8 runtime)';
}

function read(file: string, submissions: number): Symbol[] {
  const symbols: Symbol[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = line.match(/^\s*[\d.]+%\s+(\d+)\s+\[(.)\]\s+(.*?)\s*$/);
    if (!match) continue;
    const [, samples, space, name] = match as unknown as [string, string, string, string];
    symbols.push({ kind: kindOf(space, name), name, us: (Number(samples) * SAMPLE_US) / submissions });
  }
  return symbols;
}

function totals(symbols: readonly Symbol[], key: (symbol: Symbol) => string): Map<string, number> {
  const sums = new Map<string, number>();
  for (const symbol of symbols) sums.set(key(symbol), (sums.get(key(symbol)) ?? 0) + symbol.us);
  return sums;
}

function main() {
  const [fileA, countA, fileB, countB] = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
  if (!fileA || !countA || !fileB || !countB) {
    throw new Error('usage: perf-split.ts <a.txt> <submissions> <b.txt> <submissions> [--top=30]');
  }
  const top = Number(process.argv.find((arg) => arg.startsWith('--top='))?.slice(6) ?? 30);
  const a = read(fileA, Number(countA));
  const b = read(fileB, Number(countB));
  const byKindA = totals(a, (symbol) => symbol.kind);
  const byKindB = totals(b, (symbol) => symbol.kind);
  const row = (label: string, x: number, y: number) =>
    `| ${label} | ${x.toFixed(0)} | ${y.toFixed(0)} | ${y - x >= 0 ? '+' : ''}${(y - x).toFixed(0)} |`;
  console.log('| kind of work | µs per submission (a) | (b) | difference |\n|---|---|---|---|');
  const kinds = [...new Set([...byKindA.keys(), ...byKindB.keys()])].sort(
    (x, y) => (byKindB.get(y) ?? 0) - (byKindA.get(y) ?? 0) - ((byKindB.get(x) ?? 0) - (byKindA.get(x) ?? 0)),
  );
  for (const kind of kinds) console.log(row(kind, byKindA.get(kind) ?? 0, byKindB.get(kind) ?? 0));
  const sum = (symbols: readonly Symbol[]) => symbols.reduce((total, symbol) => total + symbol.us, 0);
  console.log(row('**all**', sum(a), sum(b)));
  const byNameA = totals(a, (symbol) => symbol.name);
  const byNameB = totals(b, (symbol) => symbol.name);
  const grown = [...new Set([...byNameA.keys(), ...byNameB.keys()])]
    .map((name) => ({ name, x: byNameA.get(name) ?? 0, y: byNameB.get(name) ?? 0 }))
    .sort((p, q) => q.y - q.x - (p.y - p.x))
    .slice(0, top);
  console.log('\nsymbols that grew most (µs per submission, a → b):');
  for (const { name, x, y } of grown)
    console.log(`  +${(y - x).toFixed(1)}  ${x.toFixed(1)} → ${y.toFixed(1)}  ${name.slice(0, 120)}`);
}

main();
