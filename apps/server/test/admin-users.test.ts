import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, TestClient } from './client';
import { createTeam, del, expectError, ok, signUp, signUpAdmin, userId } from './game-fixtures';
import { createTestContext, type TestContext } from './harness';

interface UserInfo {
  id: string;
  userName: string;
  email: string;
  role: string;
  realName: string;
}
interface Page<T> {
  data: T[];
  length: number;
  total: number;
}

let ctx: TestContext;
let admin: TestClient;
let adminId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUpAdmin(ctx, 'root_admin');
  adminId = await userId(ctx, 'root_admin');
});
afterAll(() => ctx.close());

async function signIn(userName: string, password = STRONG_PASSWORD) {
  const client = new TestClient(ctx.app, '10.20.0.1');
  return { client, response: await client.post('/api/account/login', { userName, password }) };
}

const userCount = async () =>
  Number(
    (
      await ctx.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('GET /api/admin/users', () => {
  it('pages every user by count and skip with the total', async () => {
    await signUp(ctx, 'pager_one');
    await signUp(ctx, 'pager_two');
    const total = await userCount();
    const first = ok<Page<UserInfo>>(await admin.get('/api/admin/users?count=2&skip=0'));
    expect(first).toMatchObject({ length: 2, total });
    const rest = ok<Page<UserInfo>>(await admin.get(`/api/admin/users?count=500&skip=2`));
    expect(rest.length).toBe(total - 2);
    const ids = [...first.data, ...rest.data].map((u) => u.id);
    expect(new Set(ids).size).toBe(total);
    expect(rest.data[0]).toMatchObject({ role: expect.any(String), registerTimeUtc: expect.any(Number) });
  });

  it('refuses a count outside 0..500 or a negative skip', async () => {
    expectError(await admin.get('/api/admin/users?count=501'), 400);
    expectError(await admin.get('/api/admin/users?skip=-1'), 400);
    expectError(await admin.get('/api/admin/users?count=abc'), 400);
  });
});

describe('POST /api/admin/users/search', () => {
  it('finds users by part of the name, e-mail or id, case-insensitively', async () => {
    await signUp(ctx, 'Findable_Fox');
    const id = await userId(ctx, 'Findable_Fox');
    for (const hint of ['findable', 'FOX@EXAMPLE', id.slice(0, 8)]) {
      const found = ok<Page<UserInfo>>(await admin.post(`/api/admin/users/search?hint=${encodeURIComponent(hint)}`));
      expect(found.data.map((u) => u.userName)).toContain('Findable_Fox');
      expect(found.total).toBe(found.length);
    }
  });

  it('treats % and _ literally and needs a hint', async () => {
    const wild = ok<Page<UserInfo>>(await admin.post('/api/admin/users/search?hint=%25'));
    expect(wild.length).toBe(0);
    expectError(await admin.post('/api/admin/users/search'), 400);
    expectError(await admin.post('/api/admin/users/search?hint='), 400);
  });
});

describe('POST /api/admin/users', () => {
  const person = (name: string, extra: Record<string, unknown> = {}) => ({
    userName: name,
    password: 'Bulk-Pass-1',
    email: `${name}@bulk.example`,
    ...extra,
  });

  it('creates every user, signs them in with the given password, and groups team names', async () => {
    ok(
      await admin.post('/api/admin/users', [
        person('bulk_a', { teamName: 'Bulk Team', realName: 'A' }),
        person('bulk_b', { teamName: 'Bulk Team' }),
        person('bulk_c'),
      ]),
    );
    const { client, response } = await signIn('bulk_b', 'Bulk-Pass-1');
    expect(response.statusCode).toBe(200);
    const teams = ok<Array<{ name: string; members: Array<{ userName: string; captain: boolean }> }>>(
      await client.get('/api/team'),
    );
    expect(teams).toHaveLength(1);
    expect(teams[0]?.name).toBe('Bulk Team');
    expect(teams[0]?.members.find((m) => m.captain)?.userName).toBe('bulk_a');
  });

  it('creates none when a name repeats, is taken, or a password is weak, and names the user', async () => {
    const before = await userCount();
    const duplicate = await admin.post('/api/admin/users', [
      person('dup_x'),
      person('DUP_X', { email: 'o@x.example' }),
    ]);
    expectError(duplicate, 400);
    expect(JSON.parse(duplicate.body).title).toContain('DUP_X');
    const taken = await admin.post('/api/admin/users', [person('fresh_y'), person('bulk_a', { email: 'n@x.example' })]);
    expectError(taken, 400);
    expect(JSON.parse(taken.body).title).toContain('bulk_a');
    expectError(await admin.post('/api/admin/users', [person('weak_z', { password: 'weakpass' })]), 400);
    expect(await userCount()).toBe(before);
  });

  it('refuses bodies that are not a non-empty list of valid users', async () => {
    const before = await userCount();
    for (const body of [[], {}, [{}], [person('x')], [person('ok_name', { email: 'nope' })]]) {
      expectError(await admin.post('/api/admin/users', body), 400);
    }
    expect(await userCount()).toBe(before);
  });
});

describe('GET, PUT /api/admin/users/{userid}', () => {
  it('shows and edits a user, role included', async () => {
    await signUp(ctx, 'edited_ed');
    const id = await userId(ctx, 'edited_ed');
    ok(await admin.put(`/api/admin/users/${id}`, { realName: 'Ed Edit', role: 'Monitor' }));
    const profile = ok<{ realName: string; role: string; userName: string }>(await admin.get(`/api/admin/users/${id}`));
    expect(profile).toMatchObject({ realName: 'Ed Edit', role: 'Monitor', userName: 'edited_ed' });
  });

  it('refuses a name or e-mail another user holds, and the admin’s own role change', async () => {
    await signUp(ctx, 'edited_two');
    const id = await userId(ctx, 'edited_two');
    expectError(await admin.put(`/api/admin/users/${id}`, { userName: 'EDITED_ED' }), 400);
    expectError(await admin.put(`/api/admin/users/${id}`, { email: 'edited_ed@example.com' }), 400);
    expectError(await admin.put(`/api/admin/users/${adminId}`, { role: 'User' }), 400);
    expect(ok<{ role: string }>(await admin.get(`/api/admin/users/${adminId}`)).role).toBe('Admin');
  });

  it('answers unknown and malformed ids with 404 and 400', async () => {
    const unknown = '00000000-0000-4000-8000-000000000001';
    expectError(await admin.get(`/api/admin/users/${unknown}`), 404);
    expectError(await admin.put(`/api/admin/users/${unknown}`, { bio: 'x' }), 404);
    expectError(await admin.get('/api/admin/users/not-a-guid'), 400);
    expectError(await admin.put('/api/admin/users/1', { bio: 'x' }), 400);
  });
});

describe('banning', () => {
  it('signs the user out everywhere and keeps them out', async () => {
    const victim = await signUp(ctx, 'banned_bob');
    const second = (await signIn('banned_bob')).client;
    const id = await userId(ctx, 'banned_bob');
    ok(await victim.get('/api/account/profile'));
    ok(await admin.put(`/api/admin/users/${id}`, { role: 'Banned' }));
    expectError(await victim.get('/api/account/profile'), 401);
    expectError(await second.get('/api/account/profile'), 401);
    const again = await signIn('banned_bob');
    expect(again.response.statusCode).toBe(401);
    expect(await ctx.db.selectFrom('sessions').select('user_id').where('user_id', '=', id).execute()).toEqual([]);
  });
});

describe('DELETE /api/admin/users/{userid}', () => {
  it('deletes a user and ends their sessions', async () => {
    const gone = await signUp(ctx, 'deleted_dan');
    const id = await userId(ctx, 'deleted_dan');
    ok(await del(admin, `/api/admin/users/${id}`));
    expectError(await admin.get(`/api/admin/users/${id}`), 404);
    expectError(await gone.get('/api/account/profile'), 401);
    expectError(await del(admin, `/api/admin/users/${id}`), 404);
  });

  it('refuses to delete a team captain or the admin themselves', async () => {
    const captain = await signUp(ctx, 'captain_cat');
    await createTeam(captain, 'Cat Team');
    const id = await userId(ctx, 'captain_cat');
    expectError(await del(admin, `/api/admin/users/${id}`), 400);
    expectError(await del(admin, `/api/admin/users/${adminId}`), 400);
    ok(await admin.get(`/api/admin/users/${id}`));
  });
});

describe('DELETE /api/admin/users/{userid}/password', () => {
  it('sets a random strong password, returns it once and signs the user out', async () => {
    const user = await signUp(ctx, 'reset_rae');
    const id = await userId(ctx, 'reset_rae');
    const response = await del(admin, `/api/admin/users/${id}/password`);
    const password = ok<string>(response);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
    expectError(await user.get('/api/account/profile'), 401);
    expect((await signIn('reset_rae')).response.statusCode).toBe(401);
    expect((await signIn('reset_rae', password)).response.statusCode).toBe(200);
    expectError(await del(admin, '/api/admin/users/00000000-0000-4000-8000-000000000001/password'), 404);
  });
});
