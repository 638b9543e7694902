import { expect } from 'vitest';
import { type FaultDatabase, type ServerProcess, startServer } from './cluster';
import { createChallenge, createGame, createPlayers, verdicts } from './fixtures';
import { followGame } from './live-client';
import { startLoad } from './load';
import { startNginx } from './nginx';
import { record, seconds } from './report';

const SCENARIO = 'Rolling restart behind nginx';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Debian's nginx in front of two processes (websockets passed through). Under a steady submission load sent
 * as the web client sends it (Idempotency-Key, the same request again when no answer came), and with live
 * clients following the game through nginx, the processes are restarted one after the other: SIGTERM, wait
 * for the exit, start again on the same port. SIGTERM drains (no new connections, requests and the judging
 * batch in flight finish, live sockets closed with 1001), so no request may be answered 5xx by Flagpole,
 * no acknowledged submission may be lost or stay unjudged or be stored twice, and the live clients reconnect
 * and miss no notice (bloods of challenges solved during the restarts).
 */
export async function rollingRestart(db: FaultDatabase, env: Record<string, string>): Promise<void> {
  const gameId = await createGame(db.pool, 'Rolling');
  const players = await createPlayers(db.pool, gameId, 'roll', 10);
  const open = { id: await createChallenge(db.pool, gameId, 'Rolling open', 'flag{roll}'), flag: 'flag{roll}' };
  const firsts = [
    { id: await createChallenge(db.pool, gameId, 'Rolling first', 'flag{roll-1}'), flag: 'flag{roll-1}' },
    { id: await createChallenge(db.pool, gameId, 'Rolling second', 'flag{roll-2}'), flag: 'flag{roll-2}' },
  ];
  const processes: ServerProcess[] = [await startServer('roll-a', env), await startServer('roll-b', env)];
  const nginx = await startNginx(processes.map((p) => p.port));
  const followers = [0, 1, 2, 3].map((i) =>
    followGame(() => nginx.url, gameId, (players[i] as (typeof players)[number]).headers),
  );
  try {
    await sleep(500);
    const load = startLoad({
      players,
      gameId,
      challenges: [open],
      targetOf: () => nginx.url,
      intervalMs: 150,
      correctEvery: 3,
      retries: 4,
    });
    await sleep(2_000);
    const drains: number[] = [];
    const exitCodes: Array<number | null> = [];
    for (const [index, name] of ['roll-a', 'roll-b'].entries()) {
      load.setChallenges([open, firsts[index] as (typeof firsts)[number]]);
      const old = processes[index] as ServerProcess;
      const started = performance.now();
      exitCodes.push(await old.terminate());
      drains.push(performance.now() - started);
      processes[index] = await startServer(name, env, { port: old.port });
      // nginx takes a refused process back only after its fail_timeout (2 s) since the last refusal: restarting
      // the other one before that would leave nginx with no process it believes alive.
      await sleep(3_000);
    }
    load.setChallenges([open]);
    await sleep(1_500);
    await load.stop();
    for (const follower of followers) await follower.stop();
    await sleep(500);

    if (process.env.FAULTS_DEBUG) console.log(await nginx.errors());
    const flagpole5xx = load.exchanges.filter((e) => e.status >= 500 && e.fromFlagpole);
    const proxy5xx = load.exchanges.filter((e) => e.status >= 500 && !e.fromFlagpole);
    const noAnswer = load.exchanges.filter((e) => e.status === 0);
    const all = await verdicts(
      db.pool,
      load.acknowledged.map((a) => a.id),
    );
    const lost = load.acknowledged.filter((a) => !all.has(a.id));
    const unjudged = load.acknowledged.filter((a) => all.get(a.id)?.status === 'FlagSubmitted');
    const { rows: duplicates } = await db.pool.query(
      `select idempotency_key from submissions where game_id = $1 and idempotency_key is not null
       group by user_id, idempotency_key having count(*) > 1`,
      [gameId],
    );
    const { rows } = await db.pool.query<{ id: number }>('select id from game_notices where game_id = $1', [gameId]);
    const notices = rows.map((r) => r.id);
    const missed = followers.map((f) => notices.filter((id) => !f.seen().has(id)).length);
    const goingAway = followers.filter((f) => f.closeCodes.includes(1001)).length;
    const abnormal = followers.flatMap((f) => f.closeCodes.filter((code) => ![1001, 1005, 4000].includes(code)));

    record(SCENARIO, 'Requests through nginx', load.exchanges.length);
    record(SCENARIO, 'Submissions acknowledged', load.acknowledged.length);
    record(SCENARIO, 'Answered 5xx by Flagpole', flagpole5xx.length, '0');
    record(SCENARIO, 'Answered 5xx by nginx (retried by the client with the same key)', proxy5xx.length);
    record(SCENARIO, 'Requests without any answer (retried likewise)', noAnswer.length);
    record(SCENARIO, 'Acknowledged submissions lost', lost.length, '0');
    record(SCENARIO, 'Acknowledged submissions unjudged at the end', unjudged.length, '0');
    record(SCENARIO, 'Submissions stored twice for one Idempotency-Key', duplicates.length, '0');
    record(
      SCENARIO,
      'Drain on SIGTERM (each process), exit code',
      drains.map((d, i) => `${seconds(d)} (${exitCodes[i]})`).join(', '),
      'exit 0',
    );
    record(SCENARIO, 'Live clients closed with 1001 and reconnected', `${goingAway} of ${followers.length}`);
    record(
      SCENARIO,
      'Other close codes seen by live clients',
      abnormal.length === 0 ? 'none' : abnormal.join(', '),
      'none',
    );
    record(SCENARIO, 'Blood notices during the restarts', notices.length, '> 0');
    record(SCENARIO, 'Notices a live client missed', Math.max(...missed), '0');

    expect(flagpole5xx).toEqual([]);
    expect(lost).toEqual([]);
    expect(unjudged).toEqual([]);
    expect(duplicates).toEqual([]);
    expect(exitCodes).toEqual([0, 0]);
    expect(notices.length).toBeGreaterThan(0);
    expect(missed.every((n) => n === 0)).toBe(true);
    expect(goingAway).toBeGreaterThan(0);
    expect(abnormal).toEqual([]);
    expect(followers.every((f) => f.opens >= 2 || !f.closeCodes.includes(1001))).toBe(true);
  } finally {
    for (const follower of followers) await follower.stop();
    await nginx.stop();
    for (const process of processes) await process.terminate();
  }
}
