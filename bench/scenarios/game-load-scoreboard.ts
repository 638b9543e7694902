/**
 * The full scoreboard under load. It moves ~80 kB per response, more than a JavaScript load generator can parse on
 * a shared 2-core machine, so Debian's wrk (C) drives it when installed; autocannon otherwise.
 */
import { spawnSync } from 'node:child_process';
import autocannon from 'autocannon';

/** Latency in ms from a wrk figure such as "812.00us", "4.27ms" or "1.02s". */
function wrkMs(figure: string): number {
  const value = Number.parseFloat(figure);
  if (figure.endsWith('us')) return value / 1000;
  if (figure.endsWith('ms')) return value;
  if (figure.endsWith('s')) return value * 1000;
  return value;
}

/**
 * The game's full board for 15 s over `connections` connections, gzip-compressed (issue 31's side-by-side shape: 50
 * connections, `Accept-Encoding: gzip`; until 2026-11-29 32 connections asking `gzip, br`).
 */
export async function scoreboardLoad(base: string, gameId: number, connections: number) {
  const url = `${base}/api/game/${gameId}/scoreboard`;
  const wrk = spawnSync('wrk', ['-t1', `-c${connections}`, '-d15s', '--latency', '-H', 'Accept-Encoding: gzip', url], {
    encoding: 'utf8',
  });
  if (wrk.status === 0) {
    const out = wrk.stdout;
    const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
    const p50 = wrkMs(/\s50%\s+(\S+)/.exec(out)?.[1] ?? '0');
    const p99 = wrkMs(/\s99%\s+(\S+)/.exec(out)?.[1] ?? '0');
    const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
    const errors = /Socket errors: (.*)/.exec(out)?.[1] ?? '0';
    return { tool: 'wrk', requestsPerSecond: rps, p50, p99, non2xx, errors };
  }
  const result = await autocannon({ url, headers: { 'accept-encoding': 'gzip' }, connections, duration: 15 });
  return {
    tool: 'autocannon',
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: String(result.errors),
  };
}
