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
  const { user, system } = cpuSplit(pid);
  return user + system;
}

/** User and system CPU seconds of a process, apart (0 once it has ended). */
export function cpuSplit(pid: number): { user: number; system: number } {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 };
  } catch {
    return { user: 0, system: 0 };
  }
}

/** Context switches of a process so far: voluntary (it waited) and involuntary (the scheduler took the core). */
export function contextSwitches(pid: number): { voluntary: number; involuntary: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return {
      voluntary: Number(/\nvoluntary_ctxt_switches:\s+(\d+)/.exec(status)?.[1] ?? 0),
      involuntary: Number(/nonvoluntary_ctxt_switches:\s+(\d+)/.exec(status)?.[1] ?? 0),
    };
  } catch {
    return { voluntary: 0, involuntary: 0 };
  }
}

/** The parent's process id of `pid` (0 once it has ended). */
export function parentPid(pid: number): number {
  try {
    return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[1] ?? 0);
  } catch {
    return 0;
  }
}

/**
 * CPU seconds used so far by every process whose command name (`/proc/<pid>/comm`) is `name`, summed; `keep`
 * narrows them (e.g. to the children of a process this scenario started).
 */
export function cpuOfCommand(name: string, keep: (pid: number) => boolean = () => true): number {
  let seconds = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === name && keep(Number(entry))) {
        seconds += cpuSeconds(Number(entry));
      }
    } catch {
      // the process ended meanwhile
    }
  }
  return seconds;
}

/** CPU seconds used so far by the server, this load generator and every PostgreSQL process. */
export function cpuSnapshot(serverPid: number): { server: number; generator: number; postgres: number } {
  return { server: cpuSeconds(serverPid), generator: cpuSeconds(process.pid), postgres: cpuOfCommand('postgres') };
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
