import { isIPv6 } from 'node:net';

/**
 * The key a client address is counted under. IPv4 (and IPv4 written as IPv6, `::ffff:1.2.3.4`) counts per
 * address; IPv6 counts per /64, the block one subscriber gets, since a single host can take any address of it.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.split('%')[0]?.split('::') ?? [];
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const groups = address.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  const prefix = groups.slice(0, 4).map((group) => Number.parseInt(group, 16).toString(16));
  return `${prefix.join(':')}::/64`;
}

/** Why a connection was refused. */
export type RefusalReason = 'per_address' | 'total';

export interface CapLimits {
  /** Open connections of the process. */
  total: number;
  /** Open connections counted under one address key; exempt addresses are counted only in the total. */
  perAddress: number;
}

/**
 * Counts open connections per client address and in total, and says whether one more may open. Callers
 * `admit` when a connection arrives and `release` it (with the same address) once it has closed.
 */
export class ConnectionCaps {
  private readonly byKey = new Map<string, number>();
  private openCount = 0;

  constructor(
    private readonly limits: CapLimits,
    /** Peers counted only in the total (the proxies in front of the server when TRUST_PROXY is on). */
    private readonly exempt: (address: string) => boolean = () => false,
  ) {}

  get open(): number {
    return this.openCount;
  }

  /** Open connections counted under this address's key. */
  openFrom(address: string): number {
    return this.byKey.get(addressKey(address)) ?? 0;
  }

  /** Counts the connection in and answers undefined, or answers why it may not open (and counts nothing). */
  admit(address: string): RefusalReason | undefined {
    if (this.openCount >= this.limits.total) return 'total';
    if (!this.exempt(address)) {
      const key = addressKey(address);
      const held = this.byKey.get(key) ?? 0;
      if (held >= this.limits.perAddress) return 'per_address';
      this.byKey.set(key, held + 1);
    }
    this.openCount++;
    return undefined;
  }

  release(address: string): void {
    this.openCount = Math.max(0, this.openCount - 1);
    if (this.exempt(address)) return;
    const key = addressKey(address);
    const held = this.byKey.get(key) ?? 0;
    if (held <= 1) this.byKey.delete(key);
    else this.byKey.set(key, held - 1);
  }
}

/** The soft limit on open files ("Max open files") in the text of /proc/<pid>/limits; undefined when absent. */
export function parseOpenFilesLimit(limitsText: string): number | undefined {
  const match = /^Max open files\s+(\S+)/m.exec(limitsText);
  if (!match?.[1]) return undefined;
  return match[1] === 'unlimited' ? Number.MAX_SAFE_INTEGER : Number(match[1]);
}

/** Descriptors kept out of the connection caps: database pool, Redis, log, files being read or written. */
export const RESERVED_DESCRIPTORS = 512;
/** The default per-address cap where the total allows it: room for an on-site event behind one NAT. */
export const DEFAULT_PER_ADDRESS = 2048;

/**
 * Default caps for a process allowed `descriptors` open files. Each client connection may need a second
 * descriptor while it is served (a proxied session's socket to its instance, a file being streamed, an upload
 * being staged), so the total is half of what is left after the reserve. One address gets at most a quarter of
 * the total, so a single address can never fill the process.
 */
export function defaultCaps(descriptors: number): CapLimits {
  const total = Math.max(16, Math.floor((Math.min(descriptors, 4_000_000) - RESERVED_DESCRIPTORS) / 2));
  return { total, perAddress: Math.max(4, Math.min(DEFAULT_PER_ADDRESS, Math.floor(total / 4))) };
}
