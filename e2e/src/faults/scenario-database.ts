import { expect } from 'vitest';
import { type FaultProxy, startFaultProxy } from '../../../apps/server/test/fault-proxy';
import { type FaultDatabase, type ServerProcess, startServer } from './cluster';
import { createChallenge, createGame, createPlayers, type Player, verdicts } from './fixtures';
import { type Exchange, exchange, startLoad } from './load';
import { record, seconds } from './report';

const SCENARIO = 'Database outage';
const OUTAGE_MS = 8_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls a page that needs the database on each process until it answers 200; the slowest time, from now. */
async function timeToRecover(processes: readonly ServerProcess[], player: Player, path: string): Promise<number> {
  const started = performance.now();
  const each = await Promise.all(
    processes.map(async (process) => {
      const log: Exchange[] = [];
      for (;;) {
        const answer = await exchange(log, 'probe', process.url, path, { headers: player.headers }, 5_000);
        if (answer.status === 200) return performance.now() - started;
        if (performance.now() - started > 15_000) return Number.POSITIVE_INFINITY;
        await sleep(10);
      }
    }),
  );
  return Math.max(...each);
}

/**
 * Two processes reach PostgreSQL through a proxy the test controls; players submit flags and read the
 * scoreboard and their game details on both. The database is cut twice for 8 s: first connections are
 * refused (and the open ones reset), then the network stalls (connections stay open, nothing moves). While
 * it is away no request may hang or answer 500: those that need it answer 503 `{title, status}` with
 * Retry-After within 2 s, the scoreboard and game details keep coming from memory; once it is back
 * everything works again at once, without a restart, and every acknowledged submission is judged.
 */
export async function databaseOutages(db: FaultDatabase, env: Record<string, string>): Promise<void> {
  const gameId = await createGame(db.pool, 'Outage');
  const players = await createPlayers(db.pool, gameId, 'dbcut', 8);
  const open = await createChallenge(db.pool, gameId, 'Outage open', 'flag{outage}');
  const link: FaultProxy = await startFaultProxy({ host: '127.0.0.1', port: Number(new URL(db.url).port || 5432) });
  const through = { ...env, DATABASE_URL: db.urlThrough(link.port) };
  const processes = [await startServer('db-a', through), await startServer('db-b', through)];
  const probePath = `/api/game/${gameId}/challenges/${open}`;
  try {
    const load = startLoad({
      players,
      gameId,
      challenges: [{ id: open, flag: 'flag{outage}' }],
      targetOf: (_player, index) => (processes[index % 2] as ServerProcess).url,
      intervalMs: 250,
      correctEvery: 5,
      retries: 0,
      reads: ['scoreboard', 'details'],
    });
    await sleep(2_000);
    for (const mode of ['refused', 'stalled'] as const) {
      const cutAt = Date.now();
      if (mode === 'refused') await link.refuse();
      else link.stall();
      await sleep(OUTAGE_MS);
      const restoredAt = Date.now();
      await link.restore();
      const recovered = await timeToRecover(processes, players[0] as Player, probePath);
      await sleep(1_000);

      const during = load.exchanges.filter((e) => e.startedAt >= cutAt && e.startedAt < restoredAt);
      const needing = during.filter((e) => e.kind === 'submit');
      const fromMemory = during.filter((e) => e.kind !== 'submit');
      const slowest = Math.max(0, ...during.map((e) => e.ms));
      const unavailable = needing.filter((e) => e.status === 503);
      const badUnavailable = unavailable.filter(
        (e) => e.retryAfter === null || !/^\{"title":"[^"]+","status":503\}$/.test(e.body),
      );
      const failures = during.filter((e) => e.status >= 500 && e.status !== 503);
      const hung = during.filter((e) => e.ms >= 2_000 || e.status === 0);
      const memoryFailures = fromMemory.filter((e) => e.status !== 200);
      const label = mode === 'refused' ? 'refused and reset' : 'stalled network';
      record(SCENARIO, `${label}: requests while it was away`, during.length);
      record(
        SCENARIO,
        `${label}: submissions answered 503 with Retry-After and {title, status}`,
        `${unavailable.length - badUnavailable.length} of ${needing.length}`,
      );
      record(SCENARIO, `${label}: slowest answer while it was away`, seconds(slowest), '< 2 s');
      record(SCENARIO, `${label}: hung (no answer within 2 s)`, hung.length, '0');
      record(SCENARIO, `${label}: 500 and other 5xx but 503`, failures.length, '0');
      record(
        SCENARIO,
        `${label}: scoreboard and details reads not served from memory`,
        `${memoryFailures.length} of ${fromMemory.length}`,
        '0',
      );
      record(
        SCENARIO,
        `${label}: time to recover after it came back (slowest process)`,
        seconds(recovered),
        'fast, no restart',
      );
      expect(hung).toEqual([]);
      const unhandled = processes.flatMap((p) =>
        p
          .output()
          .split('\n')
          .filter((line) => line.includes('unhandled error')),
      );
      expect(failures, unhandled.join('\n')).toEqual([]);
      expect(badUnavailable).toEqual([]);
      expect(slowest).toBeLessThan(2_000);
      expect(memoryFailures).toEqual([]);
      expect(unavailable.length).toBeGreaterThan(0);
      expect(recovered).toBeLessThan(2_000);
    }
    await load.stop();
    await sleep(1_000);
    const all = await verdicts(
      db.pool,
      load.acknowledged.map((a) => a.id),
    );
    const unjudged = load.acknowledged.filter(
      (a) => all.get(a.id)?.status !== 'Accepted' && all.get(a.id)?.status !== 'WrongAnswer',
    );
    for (const process of processes) {
      const lines = process
        .output()
        .split('\n')
        .filter((line) => line.includes('database unreachable'));
      record(SCENARIO, `${process.name}: outage lines in its log (two outages)`, lines.length, '2: once per outage');
      expect(lines.length).toBe(2);
    }
    record(SCENARIO, 'Acknowledged submissions without a verdict at the end', unjudged.length, '0');
    expect(unjudged).toEqual([]);
  } finally {
    await link.restore();
    for (const process of processes) await process.terminate();
    await link.close();
  }
}
