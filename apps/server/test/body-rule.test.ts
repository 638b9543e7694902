import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { translate } from '../src/i18n/messages';
import type { TestClient } from './client';
import { createGame, type GameInfo, ok, signUpAdmin } from './game-fixtures';
import { createTestContext, json, type TestContext } from './harness';

/**
 * The body rule (packages/contract/src/schemas/common.ts): every JSON body refuses fields it does not define,
 * naming the field, while the fields the HTTP contract documents for a body are accepted even when unused.
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

const unknownField = (field: string, language: 'en-US' | 'de-DE' = 'en-US') => ({
  title: translate(language, 'error.unknownField', { field }),
  status: 400,
});

describe('the body rule', () => {
  it('holds for the body schema of every route', () => {
    expect(bodies.size).toBeGreaterThan(25);
    const lenient = [...bodies].filter(([, schema]) => {
      const item = schema instanceof z.ZodArray ? (schema as z.ZodArray<z.ZodType>).element : schema;
      if (!(item instanceof z.ZodObject)) return false;
      const probe = { notAField: 'x' };
      const issues = item.safeParse(probe).error?.issues ?? [];
      return !issues.some((issue) => issue.code === 'unrecognized_keys');
    });
    expect(lenient.map(([route]) => route)).toEqual([]);
  });

  it('refuses an unknown field with a localised 400 naming it, and stores nothing', async () => {
    const response = await admin.post(
      '/api/tokens',
      { name: 'script', expiresIn: 1, scope: 'all' },
      { headers: { 'accept-language': 'de-DE' } },
    );
    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual(unknownField('scope', 'de-DE'));
    expect(await ctx.db.selectFrom('api_tokens').select('id').execute()).toEqual([]);
  });

  it('names the path of an unknown field inside a section', async () => {
    const response = await admin.put('/api/admin/config', { globalConfig: { title: 'X', tittle: 'typo' } });
    expect(json(response)).toEqual(unknownField('globalConfig.tittle'));
  });

  it('accepts the documented GameInfoModel fields it ignores (id, poster, publicKey)', async () => {
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

  it('leaves query strings lenient: an unknown parameter is ignored', async () => {
    expect((await admin.get('/api/game?cacheBuster=123')).statusCode).toBe(200);
  });
});
