import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndSignIn, type TestClient } from './client';
import { createTestContext, json, type TestContext } from './harness';
import { multipartBody } from './multipart';

let ctx: TestContext;
let client: TestClient;
let png: Buffer;

beforeAll(async () => {
  ctx = await createTestContext();
  client = await registerAndSignIn(ctx.app, 'pixel');
  png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
});
afterAll(() => ctx.close());

const upload = (who: TestClient, name: string, type: string, content: Buffer, field = 'file') => {
  const { body, contentType } = multipartBody(field, name, type, content);
  return who.put('/api/account/avatar', undefined, { raw: { body, contentType } });
};

describe('PUT /api/account/avatar', () => {
  it('re-encodes a PNG to a 300 px WebP, stores it by hash and shows it in the profile', async () => {
    const response = await upload(client, 'me.png', 'image/png', png);
    expect(response.statusCode).toBe(200);
    const url = json<string>(response);
    expect(url).toMatch(/^\/assets\/[0-9a-f]{64}\/avatar\.webp$/);
    const hash = url.split('/')[2] as string;
    expect(json(await client.get('/api/account/profile'))).toMatchObject({ avatar: `/assets/${hash}/avatar` });

    const file = await ctx.app.inject({ url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['cache-control']).toBe('public, max-age=604800, immutable');
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 300 });

    const byOtherName = await ctx.app.inject({ url: `/assets/${hash}/whatever.bin` });
    expect(byOtherName.statusCode).toBe(200);
    expect(byOtherName.headers['content-type']).toBe('image/webp');
    const notModified = await ctx.app.inject({ url, headers: { 'if-none-match': String(file.headers.etag) } });
    expect(notModified.statusCode).toBe(304);
  });

  it('stores identical images once with a reference count', async () => {
    const other = await registerAndSignIn(ctx.app, 'pixel2');
    const first = json<string>(await upload(other, 'a.png', 'image/png', png));
    const rows = await ctx.db.selectFrom('files').select(['hash', 'reference_count']).execute();
    const hash = first.split('/')[2];
    expect(rows.filter((r) => r.hash === hash)).toEqual([{ hash, reference_count: 2 }]);
  });

  it('keeps GIFs as GIF', async () => {
    const gif = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#ff0000' } })
      .gif()
      .toBuffer();
    const response = await upload(client, 'x.gif', 'image/gif', gif);
    expect(response.statusCode).toBe(200);
    const url = json<string>(response);
    expect(url).toMatch(/\/avatar\.gif$/);
    expect((await ctx.app.inject({ url })).headers['content-type']).toBe('image/gif');
  });

  it('judges the content, not the name or declared type', async () => {
    const before = json(await client.get('/api/account/profile'));
    const text = await upload(client, 'evil.png', 'image/png', Buffer.from('<svg onload=alert(1)>not an image</svg>'));
    expect(text.statusCode).toBe(400);
    expect(json(text)).toEqual({ title: expect.any(String), status: 400 });
    const svg = await upload(
      client,
      'a.svg',
      'image/png',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
    );
    expect(svg.statusCode).toBe(400);
    const renamedJpeg = await sharp(png).jpeg().toBuffer();
    expect((await upload(client, 'photo.txt', 'text/plain', renamedJpeg)).statusCode).toBe(200);
    expect(json(await client.get('/api/account/profile'))).not.toEqual(before);
  });

  it('refuses files over 3 MiB, empty files, the wrong part name and non-multipart bodies', async () => {
    const huge = await upload(client, 'big.png', 'image/png', Buffer.concat([png, Buffer.alloc(3 * 1024 * 1024)]));
    expect(huge.statusCode).toBe(413);
    expect(json(huge)).toEqual({ title: expect.any(String), status: 413 });
    expect((await upload(client, 'e.png', 'image/png', Buffer.alloc(0))).statusCode).toBe(400);
    expect((await upload(client, 'a.png', 'image/png', png, 'avatar')).statusCode).toBe(400);
    const asJson = await client.put('/api/account/avatar', { file: 'x' });
    expect(asJson.statusCode).toBe(415);
  });

  it('needs a signed-in user', async () => {
    const { body, contentType } = multipartBody('file', 'a.png', 'image/png', png);
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/account/avatar',
      payload: body,
      headers: { 'content-type': contentType },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /assets/{hash}/{name}', () => {
  it('answers 404 {title, status} for unknown and malformed hashes', async () => {
    for (const url of [
      `/assets/${'a'.repeat(64)}/x`,
      '/assets/not-a-hash/x',
      `/assets/${'A'.repeat(64)}/x`,
      '/assets/..%2f..%2fetc%2fpasswd/x',
    ]) {
      const response = await ctx.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(json(response)).toEqual({ title: expect.any(String), status: 404 });
    }
  });
});
