import { Writable } from 'node:stream';
import { type AdminLiveMessage, type LogFilter, type LogMessageModel, matchesLogFilter } from '@flagpole/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../src/i18n/messages';
import { createAdminLogRepository } from '../src/repositories/admin-logs.repository';
import { createAdminLogService } from '../src/services/admin-logs.service';
import { WEBHOOK_ALERTS_CHANNEL } from '../src/webhooks/webhook-queue';
import { STRONG_PASSWORD, TestClient } from './client';
import { expectError, ok, signUp, signUpAdmin, userId } from './game-fixtures';
import { createTestContext, json, type TestContext } from './harness';
import { closedWithin, cookieOf, openSocket, upgradeStatus, wsUrl } from './live-sockets';
import { withTwoApps } from './two-apps';

// Logs go to a sink instead of the test output; the stored copy is what is checked.
const quiet = new Writable({ write: (_chunk, _encoding, done) => done() });

let ctx: TestContext;
let admin: TestClient;

beforeAll(async () => {
  ctx = await createTestContext({ LOG_LEVEL: 'info' }, { logStream: quiet });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await signUpAdmin(ctx, 'log_admin');
});
afterAll(() => ctx.close());

async function storedLogs(query = ''): Promise<LogMessageModel[]> {
  await ctx.app.services.admin.flushLogs();
  return ok<LogMessageModel[]>(await admin.get(`/api/admin/logs${query}`));
}

/** Opens the live log as the given client and collects its messages. */
const openLive = (app: FastifyInstance, client: TestClient) =>
  openSocket<AdminLiveMessage>(wsUrl(app, '/api/admin/logs/live'), { cookie: cookieOf(client) });

describe('GET /api/admin/logs', () => {
  it('keeps entries from Information up, newest first, with who and from where, but not access lines', async () => {
    ctx.app.log.info('first entry');
    ctx.app.log.warn({ user: 'someone', ip: '10.1.2.3', status: 'Denied' }, 'second entry');
    ctx.app.log.debug('too detailed to keep');
    const logs = await storedLogs('?count=1000');
    const messages = logs.map((l) => l.msg);
    expect(messages.indexOf('second entry')).toBeLessThan(messages.indexOf('first entry'));
    expect(logs.find((l) => l.msg === 'second entry')).toMatchObject({
      level: 'Warning',
      name: 'someone',
      ip: '10.1.2.3',
      status: 'Denied',
      time: expect.any(Number),
    });
    expect(messages).not.toContain('too detailed to keep');
    expect(messages).not.toContain('incoming request');
    expect(messages).not.toContain('request completed');
  });

  it('filters by level and pages with count and skip', async () => {
    ctx.app.log.error('an error entry');
    const errors = await storedLogs('?level=Error');
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.every((l) => l.level === 'Error')).toBe(true);
    const all = await storedLogs('?count=1000');
    const page = ok<LogMessageModel[]>(await admin.get('/api/admin/logs?count=2&skip=1'));
    expect(page).toEqual(all.slice(1, 3));
  });

  it('records admin actions with the admin’s name', async () => {
    await signUp(ctx, 'log_target');
    const id = await userId(ctx, 'log_target');
    ok(await admin.put(`/api/admin/users/${id}`, { role: 'Monitor' }));
    const entry = (await storedLogs()).find((l) => l.msg.includes(id));
    expect(entry).toMatchObject({ name: 'log_admin', level: 'Information', status: 'Success' });
  });

  it('records sign-ins and refused sign-ins with the name and address', async () => {
    await signUp(ctx, 'log_signin');
    const client = new TestClient(ctx.app, '10.9.8.7');
    await client.get('/api/config');
    expectError(await client.post('/api/account/login', { userName: 'log_signin', password: 'Not-It-123' }), 401);
    ok(await client.post('/api/account/login', { userName: 'log_signin', password: STRONG_PASSWORD }));
    const entries = (await storedLogs('?count=1000')).filter((l) => l.name === 'log_signin' && l.ip === '10.9.8.7');
    expect(entries.map((l) => [l.level, l.status])).toEqual([
      ['Information', 'Success'],
      ['Warning', 'Denied'],
    ]);
  });

  it('never stores a password or session token', async () => {
    const user = await signUp(ctx, 'log_secret');
    await new TestClient(ctx.app).post('/api/account/login', { userName: 'log_secret', password: 'Wrong-Secret-7' });
    ctx.app.log.info({ password: 'Leaked-Pass-1', token: 'leaked-token' }, 'object with secrets');
    const text = JSON.stringify(await storedLogs('?count=1000'));
    for (const secret of [
      'Wrong-Secret-7',
      STRONG_PASSWORD,
      'Leaked-Pass-1',
      'leaked-token',
      ...user.cookies.values(),
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('filters by outcome, user, address and text, as the page filters live entries', async () => {
    ctx.app.log.warn({ user: 'Filter_Ann', ip: '10.31.0.7', status: 'Denied' }, 'user.update: filter probe one');
    ctx.app.log.info({ user: 'filter_bob', ip: '10.31.0.8', status: 'Success' }, 'flag.verdict: filter probe two');
    ctx.app.log.info({ user: 'filter_bob', ip: '10.32.0.1', status: 'Failed' }, 'literal 100%_ filter probe three');
    const all = await storedLogs('?count=1000');
    const cases: Array<[string, LogFilter, string[]]> = [
      ['status=Denied&search=filter probe', { status: 'Denied', search: 'filter probe' }, ['one']],
      ['user=FILTER_&search=probe', { user: 'FILTER_', search: 'probe' }, ['three', 'two', 'one']],
      ['user=bob&ip=10.31.', { user: 'bob', ip: '10.31.' }, ['two']],
      ['search=FLAG.VERDICT: filter', { search: 'FLAG.VERDICT: filter' }, ['two']],
      ['search=100%25_', { search: '100%_' }, ['three']],
      ['search=0%25_', { search: '0%_' }, ['three']],
      ['search=1%25', { search: '1%' }, []],
      ['level=Warning&user=%20ann%20', { level: 'Warning', user: ' ann ' }, ['one']],
      ['user=&ip=&search=filter probe', { search: 'filter probe' }, ['three', 'two', 'one']],
    ];
    for (const [query, filter, expected] of cases) {
      const found = await storedLogs(`?count=1000&${query.replaceAll(' ', '%20')}`);
      const probes = (list: LogMessageModel[]) =>
        list.filter((l) => l.msg.includes('filter probe')).map((l) => l.msg.split(' ').at(-1));
      expect(probes(found), query).toEqual(expected);
      // The page shows live entries by the same rule.
      expect(probes(all.filter((entry) => matchesLogFilter(entry, filter))), query).toEqual(expected);
    }
    expectError(await admin.get('/api/admin/logs?status=Nope'), 400);
    expectError(await admin.get(`/api/admin/logs?search=${'x'.repeat(129)}`), 400);
  });

  it('refuses unknown levels and out-of-range paging', async () => {
    expectError(await admin.get('/api/admin/logs?level=Verbose'), 400);
    expectError(await admin.get('/api/admin/logs?count=1001'), 400);
    expectError(await admin.get('/api/admin/logs?skip=x'), 400);
  });
});

describe('GET /api/admin/logs/live', () => {
  it('pushes new entries to a connected admin', async () => {
    const { ws, messages } = await openLive(ctx.app, admin);
    try {
      ctx.app.log.warn('live entry');
      await ctx.app.services.admin.flushLogs();
      for (let i = 0; i < 40 && !messages.some((m) => 'msg' in m.data && m.data.msg === 'live entry'); i++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(messages.find((m) => 'msg' in m.data && m.data.msg === 'live entry')).toMatchObject({
        type: 'log',
        data: { level: 'Warning', msg: 'live entry' },
      });
    } finally {
      ws.terminate();
    }
  });

  it('carries the alert of a webhook turned off', async () => {
    const { ws, messages } = await openLive(ctx.app, admin);
    try {
      const alert = { webhookId: 7, url: 'https://hooks.example.org/x', reason: 'Deliveries failed for 24 hours' };
      await ctx.events.publish(WEBHOOK_ALERTS_CHANNEL, alert);
      await expect.poll(() => messages.find((m) => m.type === 'webhook')).toEqual({ type: 'webhook', data: alert });
    } finally {
      ws.terminate();
    }
  });

  it('refuses anonymous callers and non-admins before the upgrade', async () => {
    const user = await signUp(ctx, 'log_peeker');
    for (const headers of [{}, { cookie: cookieOf(user) }] as Record<string, string>[]) {
      expect([401, 403]).toContain(await upgradeStatus(wsUrl(ctx.app, '/api/admin/logs/live'), headers));
    }
  });

  it('answers a plain HTTP request with 426 {title, status}, after the access check', async () => {
    const response = await admin.get('/api/admin/logs/live', { headers: { 'accept-language': 'fr-FR' } });
    expectError(response, 426);
    expect(response.headers.upgrade).toBe('websocket');
    expect(json<{ title: string }>(response).title).toBe(translate('fr-FR', 'error.websocketRequired'));
    expectError(await ctx.app.inject({ url: '/api/admin/logs/live' }), 401);
    expect((await admin.send('HEAD', '/api/admin/logs/live')).statusCode).toBe(426);
  });

  it('closes the socket of an admin who is demoted', async () => {
    const other = await signUpAdmin(ctx, 'log_admin_two');
    const id = await userId(ctx, 'log_admin_two');
    const live = await openLive(ctx.app, other);
    ok(await admin.put(`/api/admin/users/${id}`, { role: 'User' }));
    expect(await closedWithin(live)).toBe(4401);
  });

  it('closes the socket of an admin who signs out, and only that one', async () => {
    const leaving = await signUpAdmin(ctx, 'log_admin_three');
    const live = await openLive(ctx.app, leaving);
    const staying = await openLive(ctx.app, admin);
    ok(await leaving.post('/api/account/logout'));
    expect(await closedWithin(live)).toBe(4401);
    expect(staying.ws.readyState).toBe(staying.ws.OPEN);
    staying.ws.terminate();
  });
});

describe('live log across server processes (Redis)', () => {
  it('shows an entry written by one process on a socket of another', async () => {
    await withTwoApps(
      ctx,
      async (appA, appB) => {
        const live = await openLive(appB, admin);
        // The subscription reaches Redis asynchronously; keep writing until one entry comes through.
        for (let i = 0; i < 40 && !live.messages.some((m) => 'msg' in m.data && m.data.msg === 'from process A'); i++) {
          appA.log.warn('from process A');
          await appA.services.admin.flushLogs();
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(live.messages.some((m) => 'msg' in m.data && m.data.msg === 'from process A')).toBe(true);
        live.ws.terminate();
      },
      { logStream: quiet },
    );
  });
});

describe('keeping the log bounded', () => {
  it('prunes all but the newest entries', async () => {
    // The app's own entries of the tests before (sign-ups, sign-outs) are written first, so none lands after ours.
    await ctx.app.services.admin.flushLogs();
    const logs = createAdminLogService({ repository: createAdminLogRepository(ctx.db), events: ctx.events, keep: 3 });
    const entry = (message: string) => ({
      time: Date.now(),
      level: 'Information' as const,
      userName: null,
      ip: null,
      message,
      status: null,
    });
    await logs.sink(['p1', 'p2', 'p3', 'p4', 'p5'].map(entry));
    const kept = await ctx.db.selectFrom('logs').select('message').orderBy('id').execute();
    expect(kept.map((row) => row.message)).toEqual(['p3', 'p4', 'p5']);
  });
});
