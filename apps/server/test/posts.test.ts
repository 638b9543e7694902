import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, json, type TestContext } from './harness';

let ctx: TestContext;
let base: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const author = await ctx.db
    .insertInto('users')
    .values({ user_name: 'writer', email: 'writer@example.com', password_hash: 'x', avatar_hash: 'a'.repeat(64) })
    .returning('id')
    .executeTakeFirstOrThrow();
  base = Date.UTC(2030, 0, 1);
  const rows = Array.from({ length: 25 }, (_, i) => ({
    id: i.toString(16).padStart(8, '0'),
    title: `Post ${i}`,
    summary: `Summary ${i}`,
    content: `Content ${i}`,
    is_pinned: i === 3,
    tags: i % 2 === 0 ? ['news'] : [],
    author_id: i === 0 ? null : author.id,
    updated_at: new Date(base + i * 60_000),
  }));
  await ctx.db.insertInto('posts').values(rows).execute();
  ctx.app.services.posts.invalidate();
});
afterAll(() => ctx.close());

interface PostInfo {
  id: string;
  title: string;
  isPinned: boolean;
  time: number;
}

describe('GET /api/posts', () => {
  it('lists every post, pinned first, then newest', async () => {
    const response = await ctx.app.inject({ url: '/api/posts' });
    expect(response.statusCode).toBe(200);
    const posts = json<PostInfo[]>(response);
    expect(posts).toHaveLength(25);
    expect(posts.slice(0, 3).map((p) => p.id)).toEqual(['00000003', '00000018', '00000017']);
    expect(posts[1]).toEqual({
      id: '00000018',
      title: 'Post 24',
      summary: 'Summary 24',
      isPinned: false,
      tags: ['news'],
      authorAvatar: `/assets/${'a'.repeat(64)}/avatar`,
      authorName: 'writer',
      time: base + 24 * 60_000,
    });
    expect(posts.find((p) => p.id === '00000000')).toMatchObject({ authorName: null, authorAvatar: null });
  });

  it('answers 304 to a matching ETag and changes it when posts change', async () => {
    const first = await ctx.app.inject({ url: '/api/posts/latest' });
    expect(json<PostInfo[]>(first)).toHaveLength(20);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"latest-[0-9a-f]+"$/);
    expect(first.headers['last-modified']).toBe(new Date(base + 24 * 60_000).toUTCString());
    expect((await ctx.app.inject({ url: '/api/posts/latest', headers: { 'if-none-match': etag } })).statusCode).toBe(
      304,
    );

    await ctx.db.updateTable('posts').set({ title: 'Renamed' }).where('id', '=', '00000010').execute();
    ctx.app.services.posts.invalidate();
    const changed = await ctx.app.inject({ url: '/api/posts/latest', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(json<PostInfo[]>(changed).find((p) => p.id === '00000010')?.title).toBe('Renamed');
  });
});

describe('GET /api/posts/{id}', () => {
  it('returns one post with its content, ETag/304', async () => {
    const response = await ctx.app.inject({ url: '/api/posts/00000003' });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ id: '00000003', content: 'Content 3', isPinned: true });
    const etag = String(response.headers.etag);
    expect((await ctx.app.inject({ url: '/api/posts/00000003', headers: { 'if-none-match': etag } })).statusCode).toBe(
      304,
    );
  });

  it('answers 404 {title, status} for unknown and malformed ids', async () => {
    for (const id of ['ffffffff', 'xyz', '0000000G', '1'.repeat(64)]) {
      const response = await ctx.app.inject({ url: `/api/posts/${id}` });
      expect(response.statusCode, id).toBe(404);
      expect(json(response)).toEqual({ title: expect.any(String), status: 404 });
    }
  });
});
