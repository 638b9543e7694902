import type { AdminLiveMessage, LogMessageModel } from '@flagpole/contract';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outcomeOf } from '../src/http/audit';
import { type AuditAction, PATH_HIDDEN } from '../src/http/audit-actions';
import { type AccessFixture, type AccessRow, ROUTES } from './access-table';
import { registerAndSignIn, STRONG_PASSWORD, TestClient } from './client';
import { del, ok, signUp } from './game-fixtures';
import { createTestContext, json, type TestContext } from './harness';
import { cookieOf, openSocket, wsUrl } from './live-sockets';
import { addFlag, createChallenge, createGame, createPlayer, createTeamWithMembers } from './play-fixtures';

/**
 * The audit trail: every write route records who called it, from where, and how it ended, in the stored log
 * (and so on the admin Logs page and the live log); nothing secret is ever part of an entry.
 */
type Method = 'POST' | 'PUT' | 'DELETE' | 'PATCH';
const WRITE = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

const declared = new Map<string, AuditAction | false | undefined>();
let ctx: TestContext;
let fixture: AccessFixture;
let admin: TestClient;
let player: TestClient;
const ADMIN_NAME = 'audit_admin';
const PLAYER_NAME = 'audit_player';

function recordRoute(route: RouteOptions): void {
  for (const method of [route.method].flat()) declared.set(`${method} ${route.url}`, route.config?.audit);
}

beforeAll(async () => {
  ctx = await createTestContext({}, { onRoute: recordRoute });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const now = ctx.clock.now().getTime();
  const gameId = await createGame(ctx.db, { start: new Date(now - 3_600_000), end: new Date(now + 3_600_000) });
  const challengeId = await createChallenge(ctx.db, gameId);
  await addFlag(ctx.db, challengeId, 'flag{audit-right}');
  const user = await createPlayer(ctx.app, ctx.db, gameId, PLAYER_NAME);
  const other = await createPlayer(ctx.app, ctx.db, gameId, 'audit_other');
  const submitted = await user.client.post(`/api/game/${gameId}/challenges/${challengeId}`, { flag: 'flag{no}' });
  fixture = {
    gameId,
    challengeId,
    submissionId: json<number>(submitted),
    teamId: user.teamId,
    spareTeamId: await createTeamWithMembers(ctx.db, 'audit_spare', [user.userId]),
    otherTeamId: other.teamId,
    participationId: user.participationId,
    userId: user.userId,
    otherUserId: other.userId,
  };
  player = user.client;
  admin = await signUp(ctx, ADMIN_NAME);
  await ctx.db.updateTable('users').set({ role: 'Admin' }).where('user_name', '=', ADMIN_NAME).execute();
});
afterAll(() => ctx?.close());

async function storedLog(): Promise<LogMessageModel[]> {
  await ctx.app.services.play.flagChecker.drain();
  await ctx.app.services.admin.flushLogs();
  return ok<LogMessageModel[]>(await admin.get('/api/admin/logs?count=1000'));
}

/** The placeholder URL of a row without one (ids that name nothing), as the access table test builds it. */
function urlOf(row: AccessRow): string {
  if (row.url) return row.url(fixture);
  const pattern = row.route.split(' ')[1] as string;
  return pattern.replace(/:(\w+)/g, (_match, name: string) => {
    if (/hash/i.test(name)) return '0'.repeat(64);
    if (/user/i.test(name)) return '00000000-0000-4000-8000-00000000abcd';
    return '999999';
  });
}

// Audited actions live under /api; the live hubs' negotiate and send POSTs are transport, not actions.
const writeRows = ROUTES.filter((row) => {
  const [method, path] = row.route.split(' ') as [string, string];
  return WRITE.has(method) && path.startsWith('/api/');
});

describe('audit declarations', () => {
  it('every write route names its audit action; only reads sent as writes are left out', () => {
    const writes = [...declared].filter(([key]) => WRITE.has(key.split(' ')[0] as string) && key.includes(' /api/'));
    expect(writes.length).toBeGreaterThan(60);
    expect(writes.filter(([, audit]) => audit === undefined)).toEqual([]);
    expect(writes.filter(([, audit]) => audit === false).map(([key]) => key)).toEqual(
      expect.arrayContaining(['POST /api/admin/users/search', 'POST /api/admin/teams/search', 'POST /api/team/verify']),
    );
    expect(writes.filter(([, audit]) => audit === false)).toHaveLength(3);
    // The access table lists every route, so walking its write rows walks every write route.
    expect(writeRows.map((row) => row.route).sort()).toEqual(writes.map(([key]) => key).sort());
  });
});

describe('every write route', () => {
  // Sign-out ends the caller's session: walked last, by a caller of its own.
  const ordered = [...writeRows.filter((row) => !row.last), ...writeRows.filter((row) => row.last)];
  it.each(ordered.map((row) => [row.route, row] as const))('%s leaves an entry', async (route, row) => {
    const action = declared.get(route);
    if (action === false) return;
    const [method] = route.split(' ') as [Method];
    const asAdmin = row.expect.admin === 'allow';
    const caller = row.last ? await signUp(ctx, `audit_last${method.length}`) : asAdmin ? admin : player;
    const callerName = row.last ? `audit_last${method.length}` : asAdmin ? ADMIN_NAME : PLAYER_NAME;
    const url = urlOf(row);
    const body = row.body ? row.body(fixture) : method === 'DELETE' ? undefined : {};
    const response = await caller.send(method, url, body);
    expect(response.statusCode, response.body).toBeLessThan(500);

    const entries = await storedLog();
    const outcome = outcomeOf(response.statusCode);
    if (action === 'flag.submit' && outcome.status === 'Success') {
      // An accepted submission is recorded once, by the judge, with its verdict.
      const verdict = entries.find((entry) => entry.msg.includes(`submission ${json<number>(response)}`));
      expect(verdict).toMatchObject({ name: callerName, ip: caller.address, status: 'Failed' });
      expect(verdict?.msg).toMatch(/^flag\.verdict: /);
      return;
    }
    const path = PATH_HIDDEN.has(action as AuditAction) ? route.split(' ')[1] : url.split('?')[0];
    const line = `${method} ${path} → ${response.statusCode}`;
    const entry = entries.find((e) => e.msg.startsWith(`${action}: `) && e.msg.includes(line));
    expect(entry, `no entry for ${line} among\n${entries.map((e) => e.msg).join('\n')}`).toBeDefined();
    expect(entry).toMatchObject({ name: callerName, ip: caller.address, ...outcome, time: expect.any(Number) });
  });
});

describe('entries', () => {
  it('record a refusal with the caller, the address and the Denied outcome', async () => {
    const response = await player.send('PUT', '/api/admin/config', { globalConfig: { title: 'Not yours' } });
    expect(response.statusCode).toBe(403);
    const entry = (await storedLog()).find((e) => e.msg.includes('PUT /api/admin/config → 403'));
    expect(entry).toMatchObject({ name: PLAYER_NAME, ip: player.address, status: 'Denied', level: 'Warning' });
    expect(entry?.msg).toMatch(/^settings\.update: save the platform settings/);
  });

  it('name the account a failed sign-in tried, not the text typed for an unknown one', async () => {
    await signUp(ctx, 'audit_target');
    const stranger = new TestClient(ctx.app, '10.77.1.1');
    await stranger.post('/api/account/login', { userName: 'AUDIT_TARGET@example.com', password: 'Not-it-123' });
    await stranger.post('/api/account/login', { userName: 'Typed-Pa55word!', password: 'Not-it-123' });
    const signIns = (await storedLog()).filter((e) => e.ip === '10.77.1.1');
    expect(signIns.map((e) => [e.name, e.status, e.level])).toEqual([
      [null, 'Denied', 'Warning'],
      ['audit_target', 'Denied', 'Warning'],
    ]);
    expect(JSON.stringify(signIns)).not.toContain('Typed-Pa55word');
  });

  it('are kept whatever LOG_LEVEL lets through to the process output', async () => {
    const quiet = await createTestContext({ LOG_LEVEL: 'error' });
    try {
      await registerAndSignIn(quiet.app, 'audit_quiet', '10.77.2.1');
      await quiet.app.services.admin.flushLogs();
      const rows = await quiet.db.selectFrom('logs').select(['user_name', 'ip', 'message', 'status']).execute();
      expect(rows).toContainEqual({
        user_name: 'audit_quiet',
        ip: '10.77.2.1',
        message: expect.stringMatching(/^account\.register: .*POST \/api\/account\/register → 200/),
        status: 'Success',
      });
    } finally {
      await quiet.close();
    }
  });
});

describe('secrets', () => {
  it('never reach the stored log or the live log: passwords, flags, tokens, invite codes, mailed links', async () => {
    const live = await openSocket<AdminLiveMessage>(wsUrl(ctx.app, '/api/admin/logs/live'), {
      cookie: cookieOf(admin),
    });
    const secrets: string[] = [];
    const secret = (value: string) => {
      secrets.push(value);
      return value;
    };
    try {
      const stranger = new TestClient(ctx.app, '10.77.3.1');
      await stranger.post('/api/account/login', { userName: PLAYER_NAME, password: secret('Wrong-Secret-1a') });
      await stranger.post('/api/account/login', { userName: secret('Pa55word-in-name'), password: 'x' });
      await stranger.post('/api/account/register', {
        userName: 'audit_secret',
        email: 'audit_secret@example.com',
        password: secret('Register-Secret-2b'),
      });
      await stranger.put('/api/account/changepassword', {
        old: 'Register-Secret-2b',
        new: secret('Changed-Secret-3c'),
      });
      await stranger.post('/api/account/passwordreset', {
        email: 'YXVkaXRfc2VjcmV0QGV4YW1wbGUuY29t',
        rToken: secret('reset-link-token-4d'),
        password: secret('Reset-Secret-5e'),
      });
      await stranger.post('/api/account/verify', { token: secret('verify-link-token'), email: 'eA==' });
      await stranger.post('/api/account/mailchangeconfirm', { token: secret('mail-link-token'), email: 'eA==' });
      const base = `/api/edit/games/${fixture.gameId}/challenges/${fixture.challengeId}`;
      ok(await admin.post(`${base}/flags`, [{ flag: secret('flag{organiser-secret}') }]));
      await player.post(`/api/game/${fixture.gameId}/challenges/${fixture.challengeId}`, {
        flag: secret('flag{submitted-secret}'),
      });
      await player.post(`/api/game/${fixture.gameId}/challenges/${fixture.challengeId}`, {
        flag: 'flag{organiser-secret}',
      });
      const invite = ok<string>(await player.get(`/api/team/${fixture.teamId}/invite`));
      const joiner = await signUp(ctx, 'audit_joiner');
      await joiner.post('/api/team/accept', JSON.stringify(secret(invite)), {
        headers: { 'content-type': 'application/json' },
      });
      const issued = ok<{ token: string }>(await admin.post('/api/tokens', { name: 'audit script' }));
      secret(issued.token);
      await ctx.app.inject({ url: '/api/tokens', headers: { authorization: `Bearer ${issued.token}` } });
      const target = await ctx.db
        .selectFrom('users')
        .select('id')
        .where('user_name', '=', 'audit_joiner')
        .executeTakeFirstOrThrow();
      secret(ok<string>(await del(admin, `/api/admin/users/${target.id}/password`)));
      ok(
        await admin.post('/api/admin/users', [
          { userName: 'audit_bulk', email: 'audit_bulk@example.com', password: secret('Bulk-Secret-6f') },
        ]),
      );
      secrets.push(STRONG_PASSWORD, ...admin.cookies.values(), ...player.cookies.values());

      const stored = JSON.stringify(await storedLog());
      expect(stored).toContain('flag.verdict: ');
      expect(stored).toContain('token.create: ');
      for (const value of secrets) expect(stored, value).not.toContain(value);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const pushed = JSON.stringify(live.messages);
      expect(pushed).toContain('user.resetPassword: ');
      for (const value of secrets) expect(pushed, value).not.toContain(value);
    } finally {
      live.ws.terminate();
    }
  });
});
