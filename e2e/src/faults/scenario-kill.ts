import { expect } from 'vitest';
import WebSocket from 'ws';
import { startFaultProxy } from '../../../apps/server/test/fault-proxy';
import { type FaultDatabase, startServer } from './cluster';
import {
  createChallenge,
  createDynamicChallenge,
  createGame,
  createPlayers,
  createUser,
  solvedCounts,
  verdicts,
} from './fixtures';
import { startLoad } from './load';
import { record, seconds } from './report';

const SCENARIO = 'A process killed with SIGKILL during a submission storm';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Two processes take a steady stream of submissions (static and dynamic challenges, right and wrong). The
 * first reaches the database over a slow link (15 ms each way), so its verdicts lag behind its
 * acknowledgements; it is killed with SIGKILL mid-stream and its players go on with the other process
 * (retrying what got no answer with the same Idempotency-Key). Every submission the dead process
 * acknowledged must get its verdict from the live one within 5 s of the kill, and the live one's board must
 * equal the solves stored. An administrator's live log socket on the live process shows the takeover.
 */
export async function killDuringStorm(db: FaultDatabase, env: Record<string, string>): Promise<void> {
  const gameId = await createGame(db.pool, 'Storm');
  const players = await createPlayers(db.pool, gameId, 'storm', 12);
  const open = await createChallenge(db.pool, gameId, 'Storm open', 'flag{storm-open}');
  const dynamic = await createDynamicChallenge(db.pool, gameId, 'storm-dyn', players);
  const admin = await createUser(db.pool, 'storm-admin', 'Admin');

  const slowLink = await startFaultProxy({ host: '127.0.0.1', port: Number(new URL(db.url).port || 5432) });
  slowLink.setLatency(15);
  const doomed = await startServer('doomed', { ...env, DATABASE_URL: db.urlThrough(slowLink.port) });
  const survivor = await startServer('survivor', env);
  try {
    // The administrator reads the live log on the surviving process.
    const liveLog: string[] = [];
    const logSocket = new WebSocket(`${survivor.url.replace(/^http/, 'ws')}/api/admin/logs/live`, {
      headers: admin.headers,
    });
    logSocket.on('message', (data) => liveLog.push(String(data)));
    await new Promise((resolve, reject) => {
      logSocket.once('open', resolve);
      logSocket.once('error', reject);
    });

    const load = startLoad({
      players,
      gameId,
      challenges: [
        { id: dynamic.id, flag: (player) => dynamic.flags.get(player.name) as string },
        { id: open, flag: 'flag{storm-open}' },
      ],
      // Half the players on each process; once the first is dead, its players go to the other (as a load
      // balancer sends them), retrying what got no answer with the same key.
      targetOf: (_player, index) => (index % 2 === 0 && !doomed.exited ? doomed.url : survivor.url),
      intervalMs: 60,
      correctEvery: 7,
      retries: 4,
    });
    await sleep(3_000);
    const killedAt = Date.now();
    await doomed.kill9();
    const ackedByDead = load.acknowledged.filter((a) => a.target === doomed.url && a.at <= killedAt);
    const atKill = await verdicts(
      db.pool,
      ackedByDead.map((a) => a.id),
    );
    const orphans = ackedByDead.filter((a) => atKill.get(a.id)?.status === 'FlagSubmitted');
    await sleep(3_000);
    await load.stop();

    // Every orphan judged within 5 s of the kill.
    const deadline = killedAt + 5_000;
    while (Date.now() < deadline) {
      const now = await verdicts(
        db.pool,
        orphans.map((a) => a.id),
      );
      if ([...now.values()].every((v) => v.status !== 'FlagSubmitted')) break;
      await sleep(100);
    }
    const afterKill = await verdicts(
      db.pool,
      orphans.map((a) => a.id),
    );
    const stuck = orphans.filter((a) => afterKill.get(a.id)?.status === 'FlagSubmitted');
    const times = orphans.map((a) => (afterKill.get(a.id)?.checkedAt ?? Number.POSITIVE_INFINITY) - killedAt);
    const slowest = times.length > 0 ? Math.max(...times) : 0;

    // In the end: every acknowledged submission stored and judged, and judged right.
    await sleep(1_000);
    const all = await verdicts(
      db.pool,
      load.acknowledged.map((a) => a.id),
    );
    const lost = load.acknowledged.filter((a) => !all.has(a.id));
    const unjudged = load.acknowledged.filter((a) => all.get(a.id)?.status === 'FlagSubmitted');
    const wrong = load.acknowledged.filter((a) => {
      const status = all.get(a.id)?.status;
      return status !== undefined && status !== 'FlagSubmitted' && (status === 'Accepted') !== a.correct;
    });
    const truth = await solvedCounts(db.pool, gameId);
    const board = (await (await fetch(`${survivor.url}/api/game/${gameId}/scoreboard`)).json()) as {
      items: Array<{ name: string; solvedCount: number }>;
    };
    const shown = new Map(board.items.filter((i) => i.solvedCount > 0).map((i) => [i.name, i.solvedCount]));
    await sleep(500);
    logSocket.close();
    const takeoverLogged = liveLog.some((line) => line.includes('took over unjudged submissions'));

    record(SCENARIO, 'Submissions acknowledged (both processes)', load.acknowledged.length);
    record(
      SCENARIO,
      'Acknowledged by the killed process and unjudged at the kill',
      orphans.length,
      '> 0 (the test means something)',
    );
    record(SCENARIO, 'Slowest of those to get its verdict after the kill', seconds(slowest), '≤ 5 s');
    record(SCENARIO, 'Stuck (unjudged 5 s after the kill)', stuck.length, '0');
    record(SCENARIO, 'Lost (acknowledged, not stored)', lost.length, '0');
    record(SCENARIO, 'Unjudged at the end', unjudged.length, '0');
    record(SCENARIO, 'Wrong verdicts', wrong.length, '0');
    record(
      SCENARIO,
      "Live process's board equals the stored solves",
      String(JSON.stringify([...shown].sort()) === JSON.stringify([...truth].sort())),
      'true',
    );
    record(SCENARIO, 'Takeover shown on the live log of the surviving process', String(takeoverLogged), 'true');

    expect(orphans.length).toBeGreaterThan(0);
    expect(stuck).toEqual([]);
    expect(slowest).toBeLessThanOrEqual(5_000);
    expect(lost).toEqual([]);
    expect(unjudged).toEqual([]);
    expect(wrong).toEqual([]);
    expect([...shown].sort()).toEqual([...truth].sort());
    expect(takeoverLogged).toBe(true);
  } finally {
    await doomed.kill9();
    await survivor.terminate();
    await slowLink.close();
  }
}
