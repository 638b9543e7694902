// Memory probe preloaded into a benchmark's server (BENCH_SERVER_NODE_ARGS="--require <this file>" with
// MEMORY_PROBE_FILE=<path>): every 500 ms it appends one JSON line with what the process's resident memory is made
// of: the kernel's split (anonymous, file-backed pages such as the node binary, shared memory), V8's heap spaces
// (committed and used), code, external and ArrayBuffer memory, V8's own malloc'd memory and its peak, and at each new
// high of the RSS the largest mappings: what a peak is made of (bench/README.md, "Where the memory goes").
const { appendFileSync, readFileSync } = require('node:fs');
const v8 = require('node:v8');

const file = process.env.MEMORY_PROBE_FILE;
/** A figure to one decimal, as every value of a line is written. */
const tenth = (value) => Math.round(value * 10) / 10;
const mb = (bytes) => tenth(bytes / 1048576);

/** The kernel's split of the resident set, in MB (smaps_rollup: one read, no walk of the mappings). */
function kernelSplit() {
  const text = readFileSync('/proc/self/smaps_rollup', 'utf8');
  const field = (name) => tenth(Number(new RegExp(`\\n${name}:\\s+(\\d+)`).exec(text)?.[1] ?? 0) / 1024);
  const status = readFileSync('/proc/self/status', 'utf8');
  const statusField = (name) => tenth(Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
  return {
    rss: statusField('VmRSS'),
    anon: statusField('RssAnon'),
    file: statusField('RssFile'),
    shmem: statusField('RssShmem'),
    anonHuge: field('AnonHugePages'),
  };
}

/** Resident MB of the mappings, grouped by file (every anonymous one in one group), largest first: the top ten. */
function mappings() {
  const groups = new Map();
  let name = '';
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const head = /^[0-9a-f]+-[0-9a-f]+\s+\S+\s+\S+\s+\S+\s+\d+\s*(.*)$/.exec(line);
    if (head) {
      name = head[1] || 'anonymous';
      continue;
    }
    const rss = /^Rss:\s+(\d+)/.exec(line);
    if (rss) groups.set(name, (groups.get(name) ?? 0) + Number(rss[1]) / 1024);
  }
  return [...groups]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 10)
    .map(([mapping, rss]) => [mapping, tenth(rss)]);
}

let largestRss = 0;

function sample() {
  const usage = process.memoryUsage();
  const heap = v8.getHeapStatistics();
  const spaces = {};
  for (const space of v8.getHeapSpaceStatistics()) {
    spaces[space.space_name.replace(/_space$/, '')] = [mb(space.space_size), mb(space.space_used_size)];
  }
  const code = v8.getHeapCodeStatistics();
  const line = {
    t: Math.round(performance.now()),
    kernel: kernelSplit(),
    heapTotal: mb(usage.heapTotal),
    heapUsed: mb(usage.heapUsed),
    external: mb(usage.external),
    arrayBuffers: mb(usage.arrayBuffers),
    malloced: mb(heap.malloced_memory),
    peakMalloced: mb(heap.peak_malloced_memory),
    code: mb(code.code_and_metadata_size + code.bytecode_and_metadata_size),
    bytecode: mb(code.bytecode_and_metadata_size),
    spaces,
  };
  // The mappings only when the RSS reaches a new high (reading smaps walks every mapping).
  if (line.kernel.rss > largestRss + 1) {
    largestRss = line.kernel.rss;
    line.mappings = mappings();
  }
  appendFileSync(file, `${JSON.stringify(line)}\n`);
}

if (file) setInterval(sample, 500).unref();
