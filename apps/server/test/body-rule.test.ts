import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { TestClient } from './client';
import { createGame, type GameInfo, ok, signUpAdmin } from './game-fixtures';
import { createTestContext, type TestContext } from './harness';
import { multipartBody } from './multipart';

/**
 * The body rule (docs/ARCHITECTURE.md): JSON bodies ignore fields they do not define, as the reference
 * platform's clients expect (they often send back the whole object they read). Only the fields a body's
 * schema defines are ever read, so an unknown field can never reach storage.
 */

const bodies = new Map<string, z.ZodType>();
let ctx: TestContext;
let admin: TestClient;

beforeAll(async () => {
  ctx = await createTestContext(
    {},
    {
      onRoute: (route: RouteOptions) => {
        const body = (route.schema as { body?: z.ZodType } | undefined)?.body;
        if (body) bodies.set(`${route.method} ${route.url}`, body);
      },
    },
  );
  admin = await signUpAdmin(ctx, 'body_rule_admin');
});
afterAll(() => ctx.close());

describe('the body rule', () => {
  it('holds for the body schema of every route: an unknown field is dropped, never refused or kept', () => {
    expect(bodies.size).toBeGreaterThan(25);
    const offending = [...bodies].filter(([, schema]) => {
      const item = schema instanceof z.ZodArray ? (schema as z.ZodArray<z.ZodType>).element : schema;
      if (!(item instanceof z.ZodObject)) return false;
      const issues = item.safeParse({ notAField: 'x' }).error?.issues ?? [];
      if (issues.some((issue) => issue.code === 'unrecognized_keys')) return true;
      // Kept fields (passthrough or catch-all) would carry unknown input on to the services.
      return item.def.catchall !== undefined && !(item.def.catchall instanceof z.ZodNever);
    });
    expect(offending.map(([route]) => route)).toEqual([]);
  });

  it('creates a token from a body with an extra field, and the field goes nowhere', async () => {
    const created = ok<{ info: Record<string, unknown> }>(
      await admin.post('/api/tokens', { name: 'script', expiresIn: 1, scope: 'all' }),
    );
    expect(created.info).not.toHaveProperty('scope');
    expect(created.info).toMatchObject({ name: 'script' });
  });

  it('takes back a whole GameInfoModel, using only what it may change (not id or publicKey)', async () => {
    const game = await createGame(ctx, admin);
    const read = ok<GameInfo>(await admin.get(`/api/edit/games/${game.id}`));
    const saved = ok<GameInfo>(
      await admin.put(`/api/edit/games/${game.id}`, { ...read, id: 999, publicKey: 'forged', title: 'Renamed' }),
    );
    expect(saved).toMatchObject({ id: game.id, publicKey: game.publicKey, title: 'Renamed' });
  });

  it('accepts a ChallengeInfoModel on create and uses only its title, category and type', async () => {
    const game = await createGame(ctx, admin);
    const created = ok<{ title: string; category: string; type: string; isEnabled: boolean; originalScore: number }>(
      await admin.post(`/api/edit/games/${game.id}/challenges`, {
        id: 7,
        title: 'From a script',
        category: 'Web',
        type: 'StaticAttachment',
        isEnabled: true,
        score: 10,
        minScore: 5,
        originalScore: 10,
        deadlineUtc: null,
      }),
    );
    expect(created).toMatchObject({ title: 'From a script', category: 'Web', isEnabled: false, originalScore: 1000 });
  });

  it('reads multipart bodies on upload routes only: elsewhere one is refused as any other unknown type', async () => {
    // The multipart plugin's hooks then run on upload routes only, not on every request.
    const upload = multipartBody('name', 'a.txt', 'text/plain', Buffer.from('script'));
    const refused = await admin.post('/api/tokens', undefined, { raw: upload });
    expect(refused.statusCode).toBe(415);
    expect(refused.headers['content-type']).toMatch(/json/);
    const uploaded = await admin.post('/api/assets', undefined, {
      raw: multipartBody('files', 'a.txt', 'text/plain', Buffer.from('x')),
    });
    expect(uploaded.statusCode).toBe(200);
  });

  it('leaves query strings lenient too: an unknown parameter is ignored', async () => {
    expect((await admin.get('/api/game?cacheBuster=123')).statusCode).toBe(200);
  });
});
