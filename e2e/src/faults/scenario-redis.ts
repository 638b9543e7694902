import type pg from 'pg';
import { expect } from 'vitest';
import { type FaultProxy, startFaultProxy } from '../../../apps/server/test/fault-proxy';
import { type FaultDatabase, type ServerProcess, startServer } from './cluster';
import { createChallenge, createGame, createPlayers, solvedCounts, verdicts } from './fixtures';
import { followGame } from './live-client';
import { startLoad } from './load';
import { record, seconds } from './report';

const SCENARIO = 'Redis outage';
const OUTAGE_MS = 8_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Solved challenges per team as a process's board shows them. */
async function boardOf(process: ServerProcess, gameId: number): Promise<Map<string, number>> {
  const response = await fetch(`${process.url}/api/game/${gameId}/scoreboard`);
  const board = (await response.json()) as { items: Array<{ name: string; solvedCount: number }> };
  return new Map(board.items.filter((i) => i.solvedCount > 0).map((i) => [i.name, i.solvedCount]));
}

const same = (a: Map<string, number>, b: Map<string, number>) =>
  JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());

/** How long until every process's board shows exactly the stored solves (from now); Infinity after 20 s. */
async function timeToConsistentBoards(db: pg.Pool, processes: readonly ServerProcess[], gameId: number) {
  const started = performance.now();
  while (performance.now() - started < 20_000) {
    const truth = await solvedCounts(db, gameId);
    const boards = await Promise.all(processes.map((p) => boardOf(p, gameId)));
    if (boards.every((board) => same(board, truth))) return performance.now() - started;
    await sleep(50);
  }
  return Number.POSITIVE_INFINITY;
}

/**
 * Two processes share Redis through a proxy the test controls (rate limits on, as in production); players
 * submit on both, solving new challenges while Redis is away, and live clients follow the game on both.
 * Redis is cut twice for 8 s (refused and reset, then a stalled network). No submission may wait for it (a
 * wrong answer is judged on arrival and answered at once; rate limits are counted per process meanwhile);
 * once it is back, both boards must show every solve (each process missed the other's announcements), the
 * live clients must have every notice (pushed, or read again when told to reload), and each process must
 * have logged the outage once.
 */
export async function redisOutages(db: FaultDatabase, env: Record<string, string>): Promise<void> {
  const gameId = await createGame(db.pool, 'Redis');
  const players = await createPlayers(db.pool, gameId, 'rcut', 10);
  const open = {
    id: await createChallenge(db.pool, gameId, 'Redis open', 'flag{redis-open}'),
    flag: 'flag{redis-open}',
  };
  const firsts = [
    { id: await createChallenge(db.pool, gameId, 'Redis first', 'flag{redis-1}'), flag: 'flag{redis-1}' },
    { id: await createChallenge(db.pool, gameId, 'Redis second', 'flag{redis-2}'), flag: 'flag{redis-2}' },
  ];
  const redis = new URL(env.REDIS_URL as string);
  const link: FaultProxy = await startFaultProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
  const through = { ...env, REDIS_URL: `redis://127.0.0.1:${link.port}`, RATE_LIMIT: 'true' };
  const processes = [await startServer('redis-a', through), await startServer('redis-b', through)];
  const followers = processes.flatMap((process) =>
    [0, 1].map((i) => followGame(() => process.url, gameId, (players[i] as (typeof players)[number]).headers)),
  );
  try {
    const load = startLoad({
      players,
      gameId,
      challenges: [open],
      targetOf: (_player, index) => (processes[index % 2] as ServerProcess).url,
      // Under the team limit of 10 submissions in 10 s.
      intervalMs: 1_100,
      correctEvery: 3,
      retries: 0,
    });
    await sleep(2_500);
    for (const [round, mode] of (['refused', 'stalled'] as const).entries()) {
      const label = mode === 'refused' ? 'refused and reset' : 'stalled network';
      const cutAt = Date.now();
      if (mode === 'refused') await link.refuse();
      else link.stall();
      // Solves happen while the processes cannot tell each other.
      load.setChallenges([open, firsts[round] as (typeof firsts)[number]]);
      await sleep(OUTAGE_MS);
      const restoredAt = Date.now();
      await link.restore();
      const converged = await timeToConsistentBoards(db.pool, processes, gameId);
      load.setChallenges([open]);
      await sleep(1_000);

      const during = load.exchanges.filter((e) => e.startedAt >= cutAt && e.startedAt < restoredAt);
      const slowest = Math.max(0, ...during.map((e) => e.ms));
      const failed = during.filter((e) => e.status !== 200);
      record(SCENARIO, `${label}: submissions while it was away`, during.length);
      record(SCENARIO, `${label}: slowest answer`, seconds(slowest), '< 2 s (nothing waits for Redis)');
      record(SCENARIO, `${label}: answers other than 200`, failed.length, '0');
      record(
        SCENARIO,
        `${label}: time until both boards show every solve after it came back`,
        seconds(converged),
        'a few seconds (resync)',
      );
      expect(failed).toEqual([]);
      expect(slowest).toBeLessThan(2_000);
      expect(converged).toBeLessThan(10_000);
    }
    await load.stop();
    for (const follower of followers) await follower.stop();
    const all = await verdicts(
      db.pool,
      load.acknowledged.map((a) => a.id),
    );
    const unjudged = load.acknowledged.filter((a) => all.get(a.id)?.status === 'FlagSubmitted' || !all.has(a.id));
    const { rows } = await db.pool.query<{ id: number }>('select id from game_notices where game_id = $1', [gameId]);
    const notices = rows.map((r) => r.id);
    const missed = followers.map((f) => notices.filter((id) => !f.seen().has(id)).length);
    const toldToReload = followers.filter((f) => f.closeCodes.includes(4000)).length;
    record(SCENARIO, 'Blood notices during the outages', notices.length, '> 0');
    record(SCENARIO, 'Notices a live client missed (pushed or read again)', Math.max(...missed), '0');
    record(SCENARIO, 'Live clients told to reload (close 4000) and back', `${toldToReload} of ${followers.length}`);
    record(SCENARIO, 'Acknowledged submissions without a verdict at the end', unjudged.length, '0');
    expect(notices.length).toBeGreaterThan(0);
    expect(missed.every((n) => n === 0)).toBe(true);
    expect(unjudged).toEqual([]);
    for (const process of processes) {
      const lines = process
        .output()
        .split('\n')
        .filter((line) => line.includes('redis unreachable'));
      record(SCENARIO, `${process.name}: outage lines in its log (two outages)`, lines.length, '2: once per outage');
      expect(lines.length).toBe(2);
    }
  } finally {
    for (const follower of followers) await follower.stop();
    await link.restore();
    for (const process of processes) await process.terminate();
    await link.close();
  }
}
