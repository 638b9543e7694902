/**
 * What a load scenario reads of the processes it measures, from /proc: resident memory and CPU time of the server,
 * of the load generator itself and of every PostgreSQL process.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Resident memory of the server process, in MB. */
export function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** CPU seconds (user + system) a process has used, from /proc. */
export function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds used so far by the server, this load generator and every PostgreSQL process. */
export function cpuSnapshot(serverPid: number): { server: number; generator: number; postgres: number } {
  let postgres = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') postgres += cpuSeconds(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return { server: cpuSeconds(serverPid), generator: cpuSeconds(process.pid), postgres };
}

/** Share of one core each side used between two snapshots. */
export function cpuShares(
  before: ReturnType<typeof cpuSnapshot>,
  after: ReturnType<typeof cpuSnapshot>,
  seconds: number,
) {
  const share = (key: keyof typeof before) => Math.round((100 * (after[key] - before[key])) / seconds);
  return `server ${share('server')} %, load generator ${share('generator')} %, PostgreSQL ${share('postgres')} % of one core`;
}
