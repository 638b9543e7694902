import type { BatchRequestResponse, ChallengeEditDetailModel } from '@flagpole/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './client';
import { createTeam, expectError, ok, signUp, signUpAdmin } from './game-fixtures';
import { createTestContext, json, type TestContext } from './harness';
import { createChallenge, createGame } from './play-fixtures';

/**
 * The admin lists' orders and searches (users, teams, games: paged on the server) and the per-item report of
 * the batch routes (flags, bulk users): a refused batch names every refused item and adds nothing.
 */
let ctx: TestContext;
let admin: TestClient;
const HOUR = 3_600_000;

interface Page<T> {
  data: T[];
  length: number;
  total: number;
}
const names = <T extends { userName?: string | null; name?: string | null; title?: string }>(page: Page<T>) =>
  page.data.map((item) => item.userName ?? item.name ?? item.title);

beforeAll(async () => {
  ctx = await createTestContext({ LOG_LEVEL: process.env.DEBUG_LOG ? 'error' : 'silent' });
  admin = await signUpAdmin(ctx, 'list_admin');
});
afterAll(() => ctx.close());

describe('GET /api/admin/users: order and search', () => {
  beforeAll(async () => {
    // Registered a minute apart, in an order that is neither alphabetical nor that of their ids.
    for (const name of ['Sorted_Bravo', 'sorted_alpha', 'Sorted_Delta', 'sorted_charlie']) {
      ctx.clock.advance(60_000);
      await signUp(ctx, name);
    }
  });

  it('orders by registration, newest or oldest first, and by name', async () => {
    const newest = ok<Page<{ userName: string }>>(await admin.get('/api/admin/users?search=sorted_&order=newest'));
    expect(names(newest)).toEqual(['sorted_charlie', 'Sorted_Delta', 'sorted_alpha', 'Sorted_Bravo']);
    expect(newest).toMatchObject({ length: 4, total: 4 });
    const oldest = ok<Page<{ userName: string }>>(await admin.get('/api/admin/users?search=SORTED_&order=oldest'));
    expect(names(oldest)).toEqual(['Sorted_Bravo', 'sorted_alpha', 'Sorted_Delta', 'sorted_charlie']);
    const byName = ok<Page<{ userName: string }>>(await admin.get('/api/admin/users?search=sorted_&order=name'));
    expect(names(byName)).toEqual(['sorted_alpha', 'Sorted_Bravo', 'sorted_charlie', 'Sorted_Delta']);
  });

  it('pages a search with the total of the matches, and treats % and _ literally', async () => {
    const second = ok<Page<{ userName: string }>>(
      await admin.get('/api/admin/users?search=sorted&order=name&count=2&skip=2'),
    );
    expect(second).toMatchObject({ length: 2, total: 4 });
    expect(names(second)).toEqual(['sorted_charlie', 'Sorted_Delta']);
    const wild = ok<Page<unknown>>(await admin.get('/api/admin/users?search=%25'));
    expect(wild).toMatchObject({ length: 0, total: 0 });
    // A blank search is no search: the reference's plain paging.
    const all = ok<Page<unknown>>(await admin.get('/api/admin/users?search=&count=500'));
    expect(all.total).toBeGreaterThanOrEqual(5);
  });

  it('orders by the last visit, most recent first, users never seen last', async () => {
    await ctx.db.updateTable('users').set({ last_visited_at: null }).execute();
    await ctx.db
      .updateTable('users')
      .set({ last_visited_at: new Date(ctx.clock.now().getTime() + HOUR) })
      .where('user_name', '=', 'sorted_alpha')
      .execute();
    const seen = ok<Page<{ userName: string }>>(await admin.get('/api/admin/users?search=sorted&order=lastSeen'));
    expect(names(seen)[0]).toBe('sorted_alpha');
  });

  it('refuses an unknown order and an over-long search with 400', async () => {
    expectError(await admin.get('/api/admin/users?order=email'), 400);
    expectError(await admin.get(`/api/admin/users?search=${'x'.repeat(129)}`), 400);
  });
});

describe('GET /api/admin/teams: order and search', () => {
  it('orders by name or newest first and pages a search', async () => {
    const owner = await signUp(ctx, 'team_owner');
    for (const name of ['Zeta Crew', 'alpha crew', 'Mid Crew']) await createTeam(owner, name);
    const byName = ok<Page<{ name: string }>>(await admin.get('/api/admin/teams?search=crew&order=name'));
    expect(names(byName)).toEqual(['alpha crew', 'Mid Crew', 'Zeta Crew']);
    expect(byName.total).toBe(3);
    const newest = ok<Page<{ name: string }>>(await admin.get('/api/admin/teams?search=CREW&order=newest&count=1'));
    expect(newest).toMatchObject({ length: 1, total: 3 });
    expect(names(newest)).toEqual(['Mid Crew']);
    expectError(await admin.get('/api/admin/teams?order=members'), 400);
  });
});

describe('GET /api/edit/games: order and search', () => {
  it('searches titles and orders by start or title, newest created by default', async () => {
    const now = ctx.clock.now().getTime();
    const make = (title: string, startHours: number) =>
      admin.post('/api/edit/games', { title, start: now + startHours * HOUR, end: now + (startHours + 5) * HOUR });
    ok(await make('Listed Spring', 10));
    ok(await make('listed autumn', 30));
    ok(await make('Listed Winter', 20));
    ok(await make('Other game', 40));
    const titles = (page: Page<{ title: string }>) => page.data.map((game) => game.title);
    const newest = ok<Page<{ title: string }>>(await admin.get('/api/edit/games?count=10&search=listed'));
    expect(titles(newest)).toEqual(['Listed Winter', 'listed autumn', 'Listed Spring']);
    expect(newest.total).toBe(3);
    const byStart = ok<Page<{ title: string }>>(await admin.get('/api/edit/games?count=10&search=listed&order=start'));
    expect(titles(byStart)).toEqual(['listed autumn', 'Listed Winter', 'Listed Spring']);
    const byTitle = ok<Page<{ title: string }>>(await admin.get('/api/edit/games?count=10&search=LISTED&order=title'));
    expect(titles(byTitle)).toEqual(['listed autumn', 'Listed Spring', 'Listed Winter']);
    expectError(await admin.get('/api/edit/games?order=end'), 400);
  });
});

describe('batch routes report every refused item', () => {
  it('refuses a flag list with bad patterns, naming each by place, and adds none', async () => {
    const now = ctx.clock.now().getTime();
    const gameId = await createGame(ctx.db, { start: new Date(now - HOUR), end: new Date(now + HOUR) });
    const id = await createChallenge(ctx.db, gameId, { title: 'Batch patterns' });
    const url = `/api/edit/games/${gameId}/challenges/${id}/flags`;
    const list = [
      { flag: 'flag\\{ok\\}', matchType: 'Regex' },
      { flag: '(a)\\1', matchType: 'Regex' },
      { flag: 'flag{plain}' },
      { flag: 'flag(?=x)', matchType: 'RegexIgnoreCase' },
    ];
    const refused = await admin.post(url, list);
    expectError(refused, 400);
    const body = json<BatchRequestResponse>(refused);
    expect(body.errors?.map((item) => item.index)).toEqual([1, 3]);
    expect(body.errors?.[0]?.title).toMatch(/^The flag is not a valid regular expression/);
    expect(body.errors?.[1]?.title).toBe(body.errors?.[0]?.title);
    expect(body.title).toMatch(/^Flag 2: .*No flag was added \(2 refused\)\.$/);
    const german = json<BatchRequestResponse>(await admin.post(url, list, { headers: { 'accept-language': 'de-DE' } }));
    expect(german.title).toMatch(/^Flag 2: .*regulärer Ausdruck.*Es wurde kein Flag hinzugefügt/);
    expect(german.errors?.[1]?.title).toMatch(/regulärer Ausdruck/);
    const detail = ok<ChallengeEditDetailModel>(await admin.get(`/api/edit/games/${gameId}/challenges/${id}`));
    expect(detail.flags).toEqual([]);
  });

  it('names every refused pair of a dynamic-attachment batch (unknown file, wrong type), adding none', async () => {
    const now = ctx.clock.now().getTime();
    const gameId = await createGame(ctx.db, { start: new Date(now - HOUR), end: new Date(now + HOUR) });
    const id = await createChallenge(ctx.db, gameId, { title: 'Pairs', type: 'DynamicAttachment' });
    const url = `/api/edit/games/${gameId}/challenges/${id}/flags`;
    const remote = { attachmentType: 'Remote', remoteUrl: 'https://files.example.com/a.zip' };
    const refused = await admin.post(url, [
      { ...remote, flag: 'flag{one}' },
      { attachmentType: 'Local', fileHash: 'a'.repeat(64), flag: 'flag{two}' },
      { ...remote, flag: 'flag{three}', matchType: 'IgnoreCase' },
    ]);
    expectError(refused, 400);
    expect(json<BatchRequestResponse>(refused).errors?.map((item) => item.index)).toEqual([1, 2]);
    const detail = ok<ChallengeEditDetailModel>(await admin.get(`/api/edit/games/${gameId}/challenges/${id}`));
    expect(detail.flags).toEqual([]);
  });

  it('refuses a user list naming every offending user, and creates none', async () => {
    await signUp(ctx, 'batch_taken');
    const person = (userName: string, extra: Record<string, unknown> = {}) => ({
      userName,
      password: 'Bulk-Pass-1',
      email: `${userName}@batch.example`,
      ...extra,
    });
    const refused = await admin.post('/api/admin/users', [
      person('batch_fine'),
      person('batch_weak', { password: 'weakpassword' }),
      person('batch_taken'),
      person('BATCH_FINE', { email: 'other@batch.example' }),
    ]);
    expectError(refused, 400);
    const body = json<BatchRequestResponse>(refused);
    expect(body.errors?.map((item) => item.index)).toEqual([1, 2, 3]);
    expect(body.errors?.map((item) => item.title)).toEqual([
      expect.stringContaining('batch_weak'),
      expect.stringContaining('batch_taken'),
      expect.stringContaining('BATCH_FINE'),
    ]);
    expect(body.title).toBe(body.errors?.[0]?.title);
    const found = ok<Page<unknown>>(await admin.get('/api/admin/users?search=batch_fine'));
    expect(found.total).toBe(0);
  });
});
