import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, TestClient } from './client';
import { createGame, createTeam, ok, signUp, signUpAdmin } from './game-fixtures';
import { createTestContext, json, type TestContext } from './harness';

/*
 * Load rehearsal runs (docs/operations.md, "Rehearsal"): minted by an administrator, their registrations skip the
 * captcha and are marked, and removing a run (the command's DELETE, or the sweep once the lease ends) takes its
 * accounts, teams and entries and nothing of real players.
 */

let ctx: TestContext;
let admin: TestClient;
let gameId: number;

beforeAll(async () => {
  ctx = await createTestContext({
    REHEARSAL: 'true',
    REHEARSAL_GRACE_SECONDS: '60',
    REHEARSAL_SWEEP_SECONDS: '1',
  });
  admin = await signUpAdmin(ctx, 'rehearsal_admin');
  gameId = (await createGame(ctx, admin, { acceptWithoutReview: true })).id;
  const real = await signUp(ctx, 'real_player');
  const team = await createTeam(real, 'Real Team');
  ok(await real.post(`/api/game/${gameId}`, { teamId: team.id }));
});
afterAll(() => ctx.close());

async function startRun(): Promise<{ id: string; secret: string }> {
  const response = await admin.post('/api/admin/rehearsals', { gameId, minutes: 1, rampSeconds: 10 });
  expect(response.statusCode, response.body).toBe(200);
  return json(response);
}

/** A rehearsal player: registers with the run's header (no captcha answer), makes a team and joins the game. */
async function rehearsalPlayer(secret: string, name: string): Promise<TestClient> {
  const client = new TestClient(ctx.app, '10.9.0.1');
  await client.get('/api/config');
  const headers = { 'x-flagpole-rehearsal': secret };
  const body = { userName: name, email: `${name}@rehearsal.invalid`, password: STRONG_PASSWORD };
  ok(await client.post('/api/account/register', body, { headers }));
  const team = await createTeam(client, `${name} team`);
  ok(await client.post(`/api/game/${gameId}`, { teamId: team.id }));
  return client;
}

const userNames = async () =>
  (await ctx.db.selectFrom('users').select('user_name').orderBy('user_name').execute()).map((u) => u.user_name);
const teamNames = async () =>
  (await ctx.db.selectFrom('teams').select('name').orderBy('name').execute()).map((t) => t.name);

describe('rehearsal runs', () => {
  it('marks the registrations carrying a live run’s secret, refuses an unknown one, and removes only the run’s', async () => {
    const run = await startRun();
    const stranger = new TestClient(ctx.app, '10.9.0.2');
    await stranger.get('/api/config');
    const body = { userName: 'no_answer', email: 'no_answer@example.com', password: STRONG_PASSWORD };
    const forged = await stranger.post('/api/account/register', body, { headers: { 'x-flagpole-rehearsal': 'nope' } });
    expect(forged.statusCode).toBe(403);
    expect(json<{ title: string; status: number }>(forged)).toMatchObject({ status: 403 });

    await rehearsalPlayer(run.secret, 'rh_one');
    const marked = await ctx.db
      .selectFrom('users')
      .select('rehearsal_run_id')
      .where('user_name', '=', 'rh_one')
      .executeTakeFirst();
    expect(marked?.rehearsal_run_id).toBe(run.id);
    const real = await ctx.db
      .selectFrom('users')
      .select('rehearsal_run_id')
      .where('user_name', '=', 'real_player')
      .executeTakeFirst();
    expect(real?.rehearsal_run_id).toBeNull();

    const removed = await admin.send('DELETE', `/api/admin/rehearsals/${run.id}`);
    expect(json(removed)).toEqual({ users: 1, teams: 1, gameIds: [gameId] });
    expect(await userNames()).toEqual(['real_player', 'rehearsal_admin']);
    expect(await teamNames()).toEqual(['Real Team']);
    expect((await admin.send('DELETE', `/api/admin/rehearsals/${run.id}`)).statusCode).toBe(404);
  });

  it('sweeps a run whose lease ran out, with its accounts, teams and entries', async () => {
    const run = await startRun();
    await rehearsalPlayer(run.secret, 'rh_two');
    expect(await teamNames()).toEqual(['Real Team', 'rh_two team']);
    // Lease: 10 s ramp + 1 minute + 60 s grace.
    ctx.clock.advance(131_000);
    await expect.poll(userNames, { timeout: 10_000 }).toEqual(['real_player', 'rehearsal_admin']);
    expect(await teamNames()).toEqual(['Real Team']);
    const entries = await ctx.db.selectFrom('participations').select('game_id').execute();
    expect(entries).toEqual([{ game_id: gameId }]);
    expect(await ctx.db.selectFrom('rehearsal_runs').select('id').execute()).toEqual([]);
  });

  // Two connections are needed to interleave the removal with a registration, so only on the PostgreSQL server.
  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'refuses (403) a registration whose run is removed while it is being written, leaving no account',
    async () => {
      const run = await startRun();
      let commitRemoval!: () => void;
      let removalWritten!: () => void;
      const written = new Promise<void>((resolve) => {
        removalWritten = resolve;
      });
      const removal = ctx.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('rehearsal_runs').where('id', '=', run.id).execute();
        removalWritten();
        await new Promise<void>((resolve) => {
          commitRemoval = resolve;
        });
      });
      await written;

      const client = new TestClient(ctx.app, '10.9.0.3');
      await client.get('/api/config');
      const body = { userName: 'rh_race', email: 'rh_race@rehearsal.invalid', password: STRONG_PASSWORD };
      const registering = client.post('/api/account/register', body, {
        headers: { 'x-flagpole-rehearsal': run.secret },
      });
      // The registration has read the run as live and now waits on the removal's lock on its row.
      const waiting = async () =>
        (
          await sql<{ n: number }>`
            select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`.execute(ctx.db)
        ).rows[0]?.n;
      await expect.poll(waiting, { timeout: 10_000 }).toBe(1);
      commitRemoval();
      await removal;

      const response = await registering;
      expect(response.statusCode, response.body).toBe(403);
      expect(json<{ title: string; status: number }>(response)).toMatchObject({ status: 403 });
      expect(await userNames()).not.toContain('rh_race');
    },
  );
});
