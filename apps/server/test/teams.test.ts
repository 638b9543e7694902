import { generateKeyPairSync, sign } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signTeamToken } from '../src/lib/team-token';
import { TestClient } from './client';
import {
  acceptBody,
  addMember,
  createGame,
  createTeam,
  del,
  expectError,
  HOUR,
  ok,
  signUp,
  signUpAdmin,
  type TeamInfo,
  userId,
} from './game-fixtures';
import { createTestContext, json, type TestContext } from './harness';
import { multipartBody } from './multipart';

let ctx: TestContext;
let alice: TestClient;
let bob: TestClient;
let carol: TestClient;
let admin: TestClient;

beforeAll(async () => {
  ctx = await createTestContext();
  alice = await signUp(ctx, 'alice');
  bob = await signUp(ctx, 'bob');
  carol = await signUp(ctx, 'carol');
  admin = await signUpAdmin(ctx, 'teamadmin');
});
afterAll(() => ctx.close());

describe('creating and reading teams', () => {
  it('makes the creator captain and member; lists my teams with members; public read', async () => {
    const team = await createTeam(alice, 'Red Team');
    expect(team).toMatchObject({ name: 'Red Team', bio: '', avatar: null, locked: false });
    expect(team.members).toEqual([
      { id: await userId(ctx, 'alice'), userName: 'alice', bio: '', avatar: null, captain: true },
    ]);
    const mine = ok<TeamInfo[]>(await alice.get('/api/team'));
    expect(mine.map((t) => t.id)).toContain(team.id);
    const anonymous = await ctx.app.inject({ url: `/api/team/${team.id}` });
    expect(json<TeamInfo>(anonymous)).toMatchObject({ id: team.id, name: 'Red Team', members: [expect.any(Object)] });
    expectError(await ctx.app.inject({ url: '/api/team/999999' }), 404);
  });

  it('refuses a fourth captained team and an empty name', async () => {
    const dave = await signUp(ctx, 'dave');
    for (const name of ['d1', 'd2', 'd3']) await createTeam(dave, name);
    expectError(await dave.post('/api/team', { name: 'd4' }), 400);
    expectError(await dave.post('/api/team', { bio: 'no name' }), 400);
    expectError(await dave.post('/api/team', { name: '   ' }), 400);
    expectError(await dave.post('/api/team', { name: 'x'.repeat(21) }), 400);
    expect(ok<TeamInfo[]>(await dave.get('/api/team'))).toHaveLength(3);
  });

  it('needs a session: 401 anonymous, 403 banned', async () => {
    expectError(await new TestClient(ctx.app, '10.8.0.1').post('/api/team', { name: 'anon' }), 401);
    expectError(await new TestClient(ctx.app, '10.8.0.1').get('/api/team'), 401);
    const banned = await signUp(ctx, 'bannedteam');
    await ctx.db.updateTable('users').set({ role: 'Banned' }).where('user_name', '=', 'bannedteam').execute();
    expectError(await banned.post('/api/team', { name: 'nope' }), 403);
  });
});

describe('captain-only management', () => {
  let team: TeamInfo;
  beforeAll(async () => {
    team = await createTeam(alice, 'Blue Team');
    await addMember(alice, bob, team.id);
  });

  it('updates name and bio for the captain only', async () => {
    const updated = ok<TeamInfo>(await alice.put(`/api/team/${team.id}`, { bio: 'we hack' }));
    expect(updated).toMatchObject({ name: 'Blue Team', bio: 'we hack' });
    expectError(await bob.put(`/api/team/${team.id}`, { name: 'Hijacked' }), 403);
    expectError(await alice.put('/api/team/999999', { name: 'x' }), 404);
    expectError(await alice.put(`/api/team/${team.id}`, { bio: 'b'.repeat(73) }), 400);
  });

  it('shows and rotates the invite code to the captain only', async () => {
    const code = ok<string>(await alice.get(`/api/team/${team.id}/invite`));
    expect(code).toMatch(new RegExp(`^Blue Team:${team.id}:[0-9a-f]{32}$`));
    expectError(await bob.get(`/api/team/${team.id}/invite`), 403);
    const rotated = ok<string>(await alice.put(`/api/team/${team.id}/invite`));
    expect(rotated).not.toBe(code);
    expectError(await carol.post('/api/team/accept', undefined, acceptBody(code)), 400);
    expectError(await bob.put(`/api/team/${team.id}/invite`), 403);
  });

  it('uploads a team avatar through the image pipeline', async () => {
    const png = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#00aa00' } })
      .png()
      .toBuffer();
    const { body, contentType } = multipartBody('file', 'logo.png', 'image/png', png);
    const response = await alice.put(`/api/team/${team.id}/avatar`, undefined, { raw: { body, contentType } });
    const url = ok<string>(response);
    expect(url).toMatch(/^\/assets\/[0-9a-f]{64}\/avatar\.webp$/);
    const hash = url.split('/')[2];
    expect(ok<TeamInfo>(await alice.get(`/api/team/${team.id}`)).avatar).toBe(`/assets/${hash}/avatar`);
    const other = multipartBody('file', 'logo.png', 'image/png', png);
    expectError(await bob.put(`/api/team/${team.id}/avatar`, undefined, { raw: other }), 403);
    const junk = multipartBody('file', 'x.png', 'image/png', Buffer.from('not an image'));
    expectError(await alice.put(`/api/team/${team.id}/avatar`, undefined, { raw: junk }), 400);
  });
});

describe('invite codes', () => {
  it('accepts a valid code once and refuses malformed, unknown and wrong ones', async () => {
    const team = await createTeam(bob, 'Green Team');
    const code = ok<string>(await bob.get(`/api/team/${team.id}/invite`));
    ok(await carol.post('/api/team/accept', undefined, acceptBody(code)));
    const members = ok<TeamInfo>(await carol.get(`/api/team/${team.id}`)).members ?? [];
    expect(members.map((m) => m.userName).sort()).toEqual(['bob', 'carol']);
    expectError(await carol.post('/api/team/accept', undefined, acceptBody(code)), 400);
    expectError(await bob.post('/api/team/accept', undefined, acceptBody(code)), 400);
    expectError(await alice.post('/api/team/accept', undefined, acceptBody('garbage')), 400);
    expectError(await alice.post('/api/team/accept', undefined, acceptBody(`x:999999:${'a'.repeat(32)}`)), 400);
    expectError(
      await alice.post('/api/team/accept', undefined, acceptBody(`Green Team:${team.id}:${'0'.repeat(32)}`)),
      400,
    );
    expectError(await alice.post('/api/team/accept', { code }), 400);
    // A team name containing the separator still parses: the id is taken from the end.
    const odd = await createTeam(carol, 'a:b:c');
    const oddCode = ok<string>(await carol.get(`/api/team/${odd.id}/invite`));
    ok(await alice.post('/api/team/accept', undefined, acceptBody(oddCode)));
  });
});

describe('kick, leave, transfer, delete', () => {
  it('kicks a member (captain only) and lets members leave, but not the captain', async () => {
    const erin = await signUp(ctx, 'erin');
    const frank = await signUp(ctx, 'frank');
    const team = await createTeam(erin, 'Kickers');
    await addMember(erin, frank, team.id);
    await addMember(erin, bob, team.id);
    const frankId = await userId(ctx, 'frank');
    expectError(await bob.post(`/api/team/${team.id}/kick/${frankId}`), 403);
    const afterKick = ok<TeamInfo>(await erin.post(`/api/team/${team.id}/kick/${frankId}`));
    expect(afterKick.members?.map((m) => m.userName).sort()).toEqual(['bob', 'erin']);
    expectError(await erin.post(`/api/team/${team.id}/kick/${frankId}`), 400);
    expectError(await erin.post(`/api/team/${team.id}/kick/${await userId(ctx, 'erin')}`), 400);
    expectError(await erin.post(`/api/team/${team.id}/kick/not-a-uuid`), 400);

    expectError(await erin.post(`/api/team/${team.id}/leave`), 400);
    expectError(await frank.post(`/api/team/${team.id}/leave`), 400);
    expectError(await frank.post('/api/team/999999/leave'), 404);
    ok(await bob.post(`/api/team/${team.id}/leave`));
    expect(ok<TeamInfo>(await erin.get(`/api/team/${team.id}`)).members?.map((m) => m.userName)).toEqual(['erin']);
  });

  it('transfers captaincy to a member who captains fewer than 3 teams', async () => {
    const gina = await signUp(ctx, 'gina');
    const hank = await signUp(ctx, 'hank');
    const team = await createTeam(gina, 'Transfer');
    const hankId = await userId(ctx, 'hank');
    expectError(await gina.put(`/api/team/${team.id}/transfer`, { newCaptainId: hankId }), 400);
    await addMember(gina, hank, team.id);
    expectError(await hank.put(`/api/team/${team.id}/transfer`, { newCaptainId: hankId }), 403);
    for (const name of ['h1', 'h2', 'h3']) await createTeam(hank, name);
    expectError(await gina.put(`/api/team/${team.id}/transfer`, { newCaptainId: hankId }), 400);
    const h1 = ok<TeamInfo[]>(await hank.get('/api/team')).find((t) => t.name === 'h1');
    ok(await del(hank, `/api/team/${h1?.id}`));
    const moved = ok<TeamInfo>(await gina.put(`/api/team/${team.id}/transfer`, { newCaptainId: hankId }));
    expect(moved.members?.find((m) => m.captain)?.userName).toBe('hank');
    expectError(await gina.put(`/api/team/${team.id}`, { bio: 'x' }), 403);
    ok(await gina.post(`/api/team/${team.id}/leave`));
    expectError(await gina.put(`/api/team/${team.id}/transfer`, { newCaptainId: 'bad' }), 400);
  });

  it('deletes a team for the captain only', async () => {
    const team = await createTeam(carol, 'Doomed');
    await addMember(carol, alice, team.id);
    expectError(await del(alice, `/api/team/${team.id}`), 403);
    ok(await del(carol, `/api/team/${team.id}`));
    expectError(await ctx.app.inject({ url: `/api/team/${team.id}` }), 404);
    expectError(await del(carol, `/api/team/${team.id}`), 404);
  });
});

describe('the lock while in a game that has not ended', () => {
  it('locks on a non-rejected participation; no kick, leave or delete; unlocks after the end', async () => {
    const ivan = await signUp(ctx, 'ivan');
    const judy = await signUp(ctx, 'judy');
    const team = await createTeam(ivan, 'Lockers');
    await addMember(ivan, judy, team.id);
    const game = await createGame(ctx, admin, { end: ctx.clock.now().getTime() + 2 * HOUR });
    ok(await ivan.post(`/api/game/${game.id}`, { teamId: team.id }));
    expect(ok<TeamInfo>(await ivan.get(`/api/team/${team.id}`)).locked).toBe(true);
    expect(ok<TeamInfo[]>(await judy.get('/api/team'))[0]?.locked).toBe(true);
    const judyId = await userId(ctx, 'judy');
    expectError(await ivan.post(`/api/team/${team.id}/kick/${judyId}`), 400);
    expectError(await judy.post(`/api/team/${team.id}/leave`), 400);
    expectError(await del(ivan, `/api/team/${team.id}`), 400);
    // Accepting an invite is not stopped by the lock.
    const kim = await signUp(ctx, 'kim');
    await addMember(ivan, kim, team.id);

    // Rejected participations do not lock.
    const participation = await ctx.db
      .selectFrom('participations')
      .select('id')
      .where('team_id', '=', team.id)
      .executeTakeFirstOrThrow();
    ok(await admin.put(`/api/admin/participation/${participation.id}`, { status: 'Rejected' }));
    expect(ok<TeamInfo>(await ivan.get(`/api/team/${team.id}`)).locked).toBe(false);
    await ctx.db.updateTable('participations').set({ status: 'Accepted' }).where('id', '=', participation.id).execute();
    expect(ok<TeamInfo>(await ivan.get(`/api/team/${team.id}`)).locked).toBe(true);

    ctx.clock.advance(3 * HOUR);
    try {
      expect(ok<TeamInfo>(await ivan.get(`/api/team/${team.id}`)).locked).toBe(false);
      const kicked = ok<TeamInfo>(await ivan.post(`/api/team/${team.id}/kick/${judyId}`));
      expect(kicked.members?.map((m) => m.userName)).not.toContain('judy');
      const roster = await ctx.db
        .selectFrom('participation_members')
        .select('user_id')
        .where('participation_id', '=', participation.id)
        .execute();
      expect(roster.map((r) => r.user_id)).not.toContain(judyId);
    } finally {
      ctx.clock.advance(-3 * HOUR);
    }
  });

  it('an administrator lock also locks', async () => {
    const team = await createTeam(alice, 'Admin Locked');
    await ctx.db.updateTable('teams').set({ locked: true }).where('id', '=', team.id).execute();
    expect(ok<TeamInfo>(await alice.get(`/api/team/${team.id}`)).locked).toBe(true);
    expectError(await del(alice, `/api/team/${team.id}`), 400);
  });
});

describe('POST /api/team/verify', () => {
  it('accepts a genuine token, 401 for a wrong one, 400 for malformed input', async () => {
    const game = await createGame(ctx, admin);
    const row = await ctx.db
      .selectFrom('games')
      .select('private_key')
      .where('id', '=', game.id)
      .executeTakeFirstOrThrow();
    const token = signTeamToken(row.private_key, 42);
    expect(token).toMatch(/^42:[A-Za-z0-9+/]+=*$/);
    const anon = new TestClient(ctx.app, '10.8.0.2');
    ok(await anon.post('/api/team/verify', { teamToken: token, publicKey: game.publicKey }));
    expectError(
      await anon.post('/api/team/verify', { teamToken: token.replace(/^42/, '43'), publicKey: game.publicKey }),
      401,
    );
    const other = generateKeyPairSync('ed25519');
    const otherKey = Buffer.from(String(other.publicKey.export({ format: 'jwk' }).x), 'base64url').toString('base64');
    expectError(await anon.post('/api/team/verify', { teamToken: token, publicKey: otherKey }), 401);
    // Signed over another product's prefix: not ours.
    const foreign = `42:${sign(null, Buffer.from('GZCTF_TEAM_42'), other.privateKey).toString('base64')}`;
    expectError(await anon.post('/api/team/verify', { teamToken: foreign, publicKey: otherKey }), 401);
    expectError(await anon.post('/api/team/verify', { teamToken: 'nonsense', publicKey: game.publicKey }), 400);
    expectError(await anon.post('/api/team/verify', { teamToken: token, publicKey: 'short' }), 400);
    expectError(await anon.post('/api/team/verify', { teamToken: '42:!!!', publicKey: game.publicKey }), 400);
    expectError(await anon.post('/api/team/verify', { teamToken: token }), 400);
  });
});
