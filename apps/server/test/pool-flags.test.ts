import type { ChallengeDetailModel } from '@flagpole/contract';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, json, type TestContext } from './harness';
import { addFlag, addRemoteAttachment, createChallenge, createGame, createPlayer, type Player } from './play-fixtures';
import { databaseUrl } from './postgres';

/*
 * Openings of a dynamic-attachment challenge that overlap. To make the overlap certain rather than a matter of
 * timing, a second database session holds the first team's participation row: an assignment for that team
 * cannot finish while it does (the flag's foreign key must read that row), so the test can line openings up
 * behind it, see each one waiting in the database, and only then let them go. The embedded database has a
 * single session, so these openings cannot overlap there.
 */
const HOUR = 3_600_000;

let ctx: TestContext;
let gameId: number;
let alice: Player;
let bob: Player;
let other: pg.Client;
let challengeId: number;

async function addPoolFlags(count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const file = await addRemoteAttachment(ctx.db, `https://files.example.com/${challengeId}-${i}.zip`);
    await addFlag(ctx.db, challengeId, `flag{pool-${challengeId}-${i}}`, { attachmentId: file });
  }
}

function open(player: Player): Promise<LightMyRequestResponse> {
  return player.client.get(`/api/game/${gameId}/challenges/${challengeId}`);
}

function urlOf(response: LightMyRequestResponse): string | null {
  expect(response.statusCode, response.body).toBe(200);
  return json<ChallengeDetailModel>(response).context.url;
}

/**
 * Sessions of the test's database waiting for a lock. Asked through the app's pool: a session inside a
 * transaction (like the holder) would keep seeing its first snapshot of pg_stat_activity.
 */
async function waitingSessions(): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from pg_stat_activity
    where datname = current_database() and wait_event_type = 'Lock'`.execute(ctx.db);
  return rows[0]?.n ?? 0;
}

/**
 * Returns once `count` sessions wait for a lock, or as soon as one of the openings has finished (it did not
 * wait: the assertions that follow say whether that was right).
 */
async function untilWaiting(count: number, openings: Array<Promise<unknown>>): Promise<void> {
  let finished = false;
  const done = () => {
    finished = true;
  };
  for (const opening of openings) opening.then(done, done);
  while (!finished && (await waitingSessions()) < count) await new Promise((resolve) => setImmediate(resolve));
}

/** Runs `during` while another session holds the team's participation row, then lets the row go. */
async function holdingParticipation<T>(player: Player, during: () => Promise<T>): Promise<T> {
  await other.query('begin');
  try {
    await other.query('select id from participations where id = $1 for update', [player.participationId]);
    return await during();
  } finally {
    await other.query('commit');
  }
}

describe.skipIf(process.env.TEST_DB !== 'postgres')('openings of a dynamic attachment that overlap', () => {
  beforeAll(async () => {
    ctx = await createTestContext();
    const now = ctx.clock.now().getTime();
    gameId = await createGame(ctx.db, { start: new Date(now - HOUR), end: new Date(now + HOUR) });
    alice = await createPlayer(ctx.app, ctx.db, gameId, 'alice');
    bob = await createPlayer(ctx.app, ctx.db, gameId, 'bob');
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(ctx.db);
    other = new pg.Client({ connectionString: databaseUrl(String(rows[0]?.name)) });
    await other.connect();
  });
  afterAll(async () => {
    await other?.end();
    await ctx?.close();
  });

  beforeEach(async () => {
    challengeId = await createChallenge(ctx.db, gameId, { title: 'Pool', type: 'DynamicAttachment' });
  });

  it("a team's second opening waits for its first one's flag instead of finding the pool empty", async () => {
    await addPoolFlags(1);
    const [first, second] = await holdingParticipation(alice, async () => {
      const first = open(alice);
      await untilWaiting(1, [first]);
      const second = open(alice);
      await untilWaiting(2, [first, second]);
      return [first, second];
    });
    const url = urlOf(await first);
    expect(url).not.toBeNull();
    expect(urlOf(await second)).toBe(url);
  });

  it("another team gets a free flag while one team's openings overlap", async () => {
    await addPoolFlags(2);
    const [first, second, bobs] = await holdingParticipation(alice, async () => {
      const first = open(alice);
      await untilWaiting(1, [first]);
      const second = open(alice);
      await untilWaiting(2, [first, second]);
      // Alice's openings take one flag between them, so one is free for Bob.
      const bobs = await open(bob);
      return [first, second, bobs];
    });
    const aliceUrl = urlOf(await first);
    expect(urlOf(await second)).toBe(aliceUrl);
    const bobUrl = urlOf(bobs);
    expect(bobUrl).not.toBeNull();
    expect(bobUrl).not.toBe(aliceUrl);
    const owners = await ctx.db
      .selectFrom('flags')
      .select('participation_id')
      .where('challenge_id', '=', challengeId)
      .execute();
    expect(owners.map((f) => f.participation_id).sort()).toEqual([alice.participationId, bob.participationId].sort());
  });
});
