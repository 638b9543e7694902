import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './client';
import { del, expectError, ok, signUp, signUpAdmin } from './game-fixtures';
import { createTestContext, json, type TestContext } from './harness';

interface PostDetail {
  id: string;
  title: string;
  summary: string;
  content: string;
  isPinned: boolean;
  tags: string[] | null;
  authorName: string | null;
  time: number;
}

let ctx: TestContext;
let admin: TestClient;
let editor: TestClient;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUpAdmin(ctx, 'postadmin');
  editor = await signUpAdmin(ctx, 'posteditor');
});
afterAll(() => ctx.close());

const read = async (id: string) => ctx.app.inject({ url: `/api/posts/${id}` });

async function create(body: Record<string, unknown>): Promise<string> {
  const response = await admin.post('/api/edit/posts', body);
  expect(response.headers['content-type']).toContain('application/json');
  return ok<string>(response);
}

describe('creating posts', () => {
  it('answers the new id as a JSON string and stores the markdown exactly as given', async () => {
    const content = '# Hello\n\n<script>alert(1)</script> [x](javascript:alert(1)) <img src=x onerror=alert(1)>';
    const id = await create({ title: '  Launch  ', summary: 'Short', content, tags: ['news', 'ops'] });
    expect(id).toMatch(/^[0-9a-f]{8}$/);
    expect(ok<PostDetail>(await read(id))).toEqual({
      id,
      title: 'Launch',
      summary: 'Short',
      content,
      isPinned: false,
      tags: ['news', 'ops'],
      authorName: 'postadmin',
      authorAvatar: null,
      time: ctx.clock.now().getTime(),
    });
  });

  it('needs only a title; the rest starts empty', async () => {
    const id = await create({ title: 'Bare', summary: null, content: null, tags: null });
    expect(ok<PostDetail>(await read(id))).toMatchObject({ summary: '', content: '', tags: [], isPinned: false });
  });

  it('shows a new post in the cached lists at once', async () => {
    const before = await ctx.app.inject({ url: '/api/posts' });
    ctx.clock.advance(1000);
    const id = await create({ title: 'Fresh' });
    const after = await ctx.app.inject({
      url: '/api/posts',
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
    expect(json<PostDetail[]>(after).map((p) => p.id)).toContain(id);
    expect(json<PostDetail[]>(await ctx.app.inject({ url: '/api/posts/latest' }))[0]?.id).toBe(id);
  });
});

describe('editing posts', () => {
  it('replaces the given fields, keeps null ones, and makes the editor the author', async () => {
    const id = await create({ title: 'Draft', summary: 'S', content: 'C', tags: ['a'] });
    ctx.clock.advance(60_000);
    const updated = ok<PostDetail>(await editor.put(`/api/edit/posts/${id}`, { content: 'C2', title: null }));
    expect(updated).toMatchObject({ id, title: 'Draft', summary: 'S', content: 'C2', tags: ['a'] });
    expect(updated.authorName).toBe('posteditor');
    expect(updated.time).toBe(ctx.clock.now().getTime());
    expect(ok<PostDetail>(await read(id))).toEqual(updated);
  });

  it('with isPinned set changes only the pin, keeping time, author and other fields', async () => {
    const id = await create({ title: 'Pin me', content: 'Body' });
    const before = ok<PostDetail>(await read(id));
    ctx.clock.advance(60_000);
    const pinned = ok<PostDetail>(await editor.put(`/api/edit/posts/${id}`, { isPinned: true, title: 'Ignored' }));
    expect(pinned).toEqual({ ...before, isPinned: true });
    const list = json<PostDetail[]>(await ctx.app.inject({ url: '/api/posts' }));
    expect(list[0]?.id).toBe(id);
    ok(await editor.put(`/api/edit/posts/${id}`, { isPinned: false }));
    expect(ok<PostDetail>(await read(id))).toEqual(before);
  });

  it('answers 404 for unknown and malformed ids without creating anything', async () => {
    const count = async () =>
      (
        await ctx.db
          .selectFrom('posts')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = await count();
    for (const id of ['0000ffff', 'ABCDEF12', 'nothex!!', '1', 'x'.repeat(64)]) {
      expectError(await admin.put(`/api/edit/posts/${encodeURIComponent(id)}`, { title: 'x' }), 404);
      expectError(await del(admin, `/api/edit/posts/${encodeURIComponent(id)}`), 404);
    }
    expectError(await admin.put(`/api/edit/posts/${'x'.repeat(65)}`, { title: 'x' }), 400);
    expect(await count()).toEqual(before);
  });
});

describe('deleting posts', () => {
  it('removes the post from every read at once', async () => {
    const id = await create({ title: 'Gone soon' });
    ok(await read(id));
    ok(await del(admin, `/api/edit/posts/${id}`));
    expectError(await read(id), 404);
    expect(json<PostDetail[]>(await ctx.app.inject({ url: '/api/posts' })).some((p) => p.id === id)).toBe(false);
    expectError(await del(admin, `/api/edit/posts/${id}`), 404);
  });
});

describe('posts changed by another server process', () => {
  it('drop this process cache when the change is announced on the event bus', async () => {
    const id = await create({ title: 'Elsewhere' });
    ok(await read(id));
    // Another process edits the row and announces it; this process has not seen the write.
    await ctx.db.updateTable('posts').set({ title: 'Edited elsewhere' }).where('id', '=', id).execute();
    await ctx.events.publish('posts:changed', {});
    expect(ok<PostDetail>(await read(id)).title).toBe('Edited elsewhere');
  });
});

describe('bad requests to the post editor', () => {
  it('refuses malformed bodies and loses nothing', async () => {
    const id = await create({ title: 'Stable', summary: 'Keep', content: 'Keep' });
    const before = ok<PostDetail>(await read(id));
    const bad: unknown[] = [
      { title: 'x'.repeat(51) },
      { title: '' },
      { title: '   ' },
      { title: 5 },
      { summary: 'x'.repeat(1025) },
      { content: 'x'.repeat(65_537) },
      { tags: 'news' },
      { tags: [''] },
      { tags: ['x'.repeat(33)] },
      { tags: Array.from({ length: 17 }, (_, i) => `t${i}`) },
      { isPinned: 'yes' },
      [],
    ];
    for (const body of bad) {
      expectError(await admin.put(`/api/edit/posts/${id}`, body), 400);
      expectError(await admin.post('/api/edit/posts', body), 400);
    }
    expectError(await admin.post('/api/edit/posts', {}), 400);
    expectError(await admin.post('/api/edit/posts', { summary: 'no title' }), 400);
    expectError(
      await admin.post('/api/edit/posts', undefined, { raw: { body: '{"title":', contentType: 'application/json' } }),
      400,
    );
    expectError(
      await admin.post('/api/edit/posts', undefined, { raw: { body: 'title=x', contentType: 'text/plain' } }),
      400,
    );
    expect(ok<PostDetail>(await read(id))).toEqual(before);
  });

  it('is for administrators only', async () => {
    const id = await create({ title: 'Guarded' });
    const user = await signUp(ctx, 'postuser');
    expectError(await user.post('/api/edit/posts', { title: 'Mine' }), 403);
    expectError(await user.put(`/api/edit/posts/${id}`, { title: 'Mine' }), 403);
    expectError(await del(user, `/api/edit/posts/${id}`), 403);
    expectError(await ctx.app.inject({ method: 'DELETE', url: `/api/edit/posts/${id}` }), 401);
    expect(ok<PostDetail>(await read(id)).title).toBe('Guarded');
  });
});
