import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './client';
import { createGame, expectError, type GameInfo, ok, signUpAdmin } from './game-fixtures';
import { createTestContext, type TestContext } from './harness';
import { exportGame, importZip, jsonOf } from './transfer-fixtures';

let ctx: TestContext;
let admin: TestClient;
let game: GameInfo;

interface Detail {
  id: number;
  containerImage: string;
  services: Array<Record<string, unknown>>;
}

const base = () => `/api/edit/games/${game.id}/challenges`;
const web = { name: 'web', image: 'chall/web:1', entry: true, ports: [8080] };
const db = {
  name: 'db',
  image: 'chall/db:1',
  ports: [5432],
  env: [{ name: 'SECRET', value: 's' }],
  dynamicFlag: true,
  readOnlyRoot: true,
};

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUpAdmin(ctx, 'svcadmin');
  game = await createGame(ctx, admin);
});
afterAll(() => ctx.close());

describe('multi-service container challenges (editing)', () => {
  it('stores the services, fills defaults, and an empty list goes back to the single image', async () => {
    const c = ok<Detail>(await admin.post(base(), { title: 'Stack', type: 'DynamicContainer' }));
    expect(c.services).toEqual([]);
    const saved = ok<Detail>(await admin.put(`${base()}/${c.id}`, { containerImage: 'single:1', services: [web, db] }));
    expect(saved.services).toEqual([
      { ...web, env: [], memoryLimit: 64, cpuCount: 1, pidsLimit: 256, dynamicFlag: false, readOnlyRoot: false },
      { ...db, entry: false, memoryLimit: 64, cpuCount: 1, pidsLimit: 256 },
    ]);
    // The GZCTF-compatible fields keep their meaning alongside.
    expect(saved.containerImage).toBe('single:1');
    expect(ok<Detail>(await admin.get(`${base()}/${c.id}`)).services).toHaveLength(2);
    // Absent leaves them unchanged; null or [] removes them.
    expect(ok<Detail>(await admin.put(`${base()}/${c.id}`, { title: 'Stack 2' })).services).toHaveLength(2);
    expect(ok<Detail>(await admin.put(`${base()}/${c.id}`, { services: [] })).services).toEqual([]);
    ok(await admin.put(`${base()}/${c.id}`, { services: [web] }));
    expect(ok<Detail>(await admin.put(`${base()}/${c.id}`, { services: null })).services).toEqual([]);
    // Services stored before a field existed answer with its default.
    const { readOnlyRoot: _, ...older } = {
      ...web,
      env: [],
      memoryLimit: 64,
      cpuCount: 1,
      pidsLimit: 256,
      dynamicFlag: false,
      readOnlyRoot: false,
    };
    await ctx.db
      .updateTable('challenges')
      .set({ container_services: JSON.stringify([older]) })
      .where('id', '=', c.id)
      .execute();
    expect(ok<Detail>(await admin.get(`${base()}/${c.id}`)).services).toEqual([{ ...older, readOnlyRoot: false }]);
  });

  it('refuses unsafe names, repeated names, no entry, unbounded limits and non-container challenges', async () => {
    const c = ok<Detail>(await admin.post(base(), { title: 'Refused', type: 'StaticContainer' }));
    const put = (services: unknown) => admin.put(`${base()}/${c.id}`, { services });
    for (const bad of [
      [{ ...web, name: 'Web' }],
      [{ ...web, name: 'web_1' }],
      [{ ...web, name: '-web' }],
      [{ ...web, name: 'a'.repeat(33) }],
      [web, { ...db, name: 'web' }],
      [{ ...web, entry: false }],
      [{ ...web, ports: [] }],
      [{ ...web, ports: [80, 80] }],
      [{ ...web, memoryLimit: 1 }],
      [{ ...web, cpuCount: 0 }],
      [{ ...web, pidsLimit: 1_000_000 }],
      [{ ...web, image: ' ' }],
      [{ ...web, env: [{ name: '1X', value: '' }] }],
      Array.from({ length: 9 }, (_, i) => ({ ...web, name: `s${i}` })),
    ]) {
      expectError(await put(bad), 400);
    }
    expect(ok<Detail>(await admin.get(`${base()}/${c.id}`)).services).toEqual([]);

    const stat = ok<Detail>(await admin.post(base(), { title: 'Files', type: 'StaticAttachment' }));
    expectError(await admin.put(`${base()}/${stat.id}`, { services: [web] }), 400);
    // Clearing is harmless on any challenge.
    ok(await admin.put(`${base()}/${stat.id}`, { services: [] }));
  });

  it('travels through a game package export and import; single-image challenges keep the reference shape', async () => {
    const own = await createGame(ctx, admin, { title: 'Packaged' });
    const multi = ok<Detail>(
      await admin.post(`/api/edit/games/${own.id}/challenges`, { title: 'M', type: 'DynamicContainer' }),
    );
    ok(
      await admin.put(`/api/edit/games/${own.id}/challenges/${multi.id}`, {
        containerImage: 'x:1',
        services: [web, db],
      }),
    );
    const single = ok<Detail>(
      await admin.post(`/api/edit/games/${own.id}/challenges`, { title: 'S', type: 'StaticContainer' }),
    );
    ok(await admin.put(`/api/edit/games/${own.id}/challenges/${single.id}`, { containerImage: 'single:1' }));
    const { response, zip } = await exportGame(admin, own.id);
    const packaged = jsonOf<{ container: Record<string, unknown> }>(zip, `challenges/challenge-${multi.id}.json`);
    expect(packaged.container.services).toHaveLength(2);
    expect(
      jsonOf<{ container: Record<string, unknown> }>(zip, `challenges/challenge-${single.id}.json`).container,
    ).not.toHaveProperty('services');

    const importedId = ok<number>(await importZip(admin, response.rawPayload));
    const list = ok<Array<{ id: number; title: string }>>(await admin.get(`/api/edit/games/${importedId}/challenges`));
    const detailOf = async (title: string) => {
      const id = list.find((c) => c.title === title)?.id;
      return ok<Detail>(await admin.get(`/api/edit/games/${importedId}/challenges/${id}`));
    };
    expect((await detailOf('M')).services).toEqual(
      ok<Detail>(await admin.get(`/api/edit/games/${own.id}/challenges/${multi.id}`)).services,
    );
    expect((await detailOf('S')).services).toEqual([]);
  });
});
