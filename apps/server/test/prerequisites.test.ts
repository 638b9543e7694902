import type { GameDetailModel, GameNotice, LiveMessage } from '@flagpole/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './client';
import { expectError, ok, signUpAdmin } from './game-fixtures';
import { createTestContext, type TestContext } from './harness';
import { cookieOf, type OpenSocket, openSocket, until, wsUrl } from './live-sockets';
import { addFlag, createChallenge, createGame, createPlayer } from './play-fixtures';

/*
 * Prerequisites (docs/game-play.md, "Prerequisites"): a challenge locked or hidden until the team solves what it
 * requires; refused on every play path until then; a hidden one's title reaches no other team through any path;
 * cycles refused on save; a prerequisite solved while the locked challenge's page is open updates it live.
 */

const HOUR = 3_600_000;
/** The hidden challenge's title: searched for in every answer and message. */
const SECRET = 'Vault Behind Glass';

let ctx: TestContext;
let gameId: number;
let admin: TestClient;
let alice: TestClient;
let bob: TestClient;
let anonymous: TestClient;
const id = { gate: 0, second: 0, locked: 0, secret: 0, foreign: 0 };

const edit = (challengeId: number, prerequisites: unknown) =>
  admin.put(`/api/edit/games/${gameId}/challenges/${challengeId}`, { prerequisites });
const details = async (client: TestClient) => ok<GameDetailModel>(await client.get(`/api/game/${gameId}/details`));
const listed = (model: GameDetailModel) => Object.values(model.challenges).flat();
const submit = (client: TestClient, challengeId: number) =>
  client.post(`/api/game/${gameId}/challenges/${challengeId}`, { flag: `flag{${challengeId}}` });

async function settle() {
  await ctx.app.services.play.flagChecker.drain();
  await ctx.app.services.play.scoreboard.settle();
}

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const now = ctx.clock.now().getTime();
  gameId = await createGame(ctx.db, { start: new Date(now - HOUR), end: new Date(now + HOUR), title: 'Chain' });
  const other = await createGame(ctx.db, { start: new Date(now - HOUR), end: new Date(now + HOUR), title: 'Other' });
  id.gate = await createChallenge(ctx.db, gameId, { title: 'Front Gate' });
  id.second = await createChallenge(ctx.db, gameId, { title: 'Side Door' });
  id.locked = await createChallenge(ctx.db, gameId, { title: 'Inner Court' });
  id.secret = await createChallenge(ctx.db, gameId, { title: SECRET });
  id.foreign = await createChallenge(ctx.db, other, { title: 'Elsewhere' });
  for (const challengeId of Object.values(id)) await addFlag(ctx.db, challengeId, `flag{${challengeId}}`);
  admin = await signUpAdmin(ctx, 'preadmin');
  alice = (await createPlayer(ctx.app, ctx.db, gameId, 'prealice')).client;
  bob = (await createPlayer(ctx.app, ctx.db, gameId, 'prebob')).client;
  anonymous = new TestClient(ctx.app, '10.47.0.9');
  const locked = ok<{ prerequisites: unknown }>(await edit(id.locked, { challengeIds: [id.gate] }));
  expect(locked.prerequisites).toEqual({ challengeIds: [id.gate], count: null, hidden: false });
  ok(await edit(id.secret, { challengeIds: [id.gate, id.second], count: 1, hidden: true }));
  await settle();
});
afterAll(() => ctx.close());

describe('saving', () => {
  it('refuses self-reference, other games and cycles with a clear 400', async () => {
    expectError(await edit(id.gate, { challengeIds: [id.gate] }), 400);
    expectError(await edit(id.gate, { challengeIds: [id.foreign] }), 400);
    const cycle = await edit(id.gate, { challengeIds: [id.locked] });
    expectError(cycle, 400);
    expect(cycle.json<{ title: string }>().title).toMatch(/cycle/i);
    expectError(await edit(id.gate, { challengeIds: [id.second], count: 0 }), 400);
    // Nothing was saved by the refused edits.
    const gate = ok<{ prerequisites: unknown }>(await admin.get(`/api/edit/games/${gameId}/challenges/${id.gate}`));
    expect(gate.prerequisites).toBeNull();
  });
});

describe('before the team solves a prerequisite', () => {
  it('lists the locked one with what it needs and leaves the hidden one out', async () => {
    const model = await details(alice);
    const locked = listed(model).find((c) => c.id === id.locked);
    expect(locked?.locked).toEqual({ requires: [id.gate], count: 1 });
    expect(listed(model).some((c) => c.id === id.secret)).toBe(false);
    expect(model.challengeCount).toBe(3);
    expect(JSON.stringify(model)).not.toContain(SECRET);
  });

  it('refuses details, submission and instances (403 locked, 404 hidden)', async () => {
    expectError(await alice.get(`/api/game/${gameId}/challenges/${id.locked}`), 403);
    expectError(await alice.get(`/api/game/${gameId}/challenges/${id.secret}`), 404);
    expectError(await submit(alice, id.locked), 403);
    expectError(await submit(alice, id.secret), 404);
    expectError(await alice.post(`/api/game/${gameId}/container/${id.locked}`), 403);
  });

  it('shows the hidden title on no board, public or not', async () => {
    for (const client of [alice, anonymous]) {
      const board = await client.get(`/api/game/${gameId}/scoreboard`);
      expect(board.statusCode).toBe(200);
      expect(board.body).not.toContain(SECRET);
    }
  });

  it('shows organisers everything', async () => {
    const preview = await admin.get(`/api/game/${gameId}/details`);
    expect(preview.body).toContain(SECRET);
    ok(await admin.get(`/api/game/${gameId}/challenges/${id.secret}`));
  });
});

describe('a prerequisite solved while the locked page is open', () => {
  let socket: OpenSocket<LiveMessage>;
  beforeAll(async () => {
    socket = await openSocket<LiveMessage>(wsUrl(ctx.app, `/api/game/${gameId}/live`), { cookie: cookieOf(alice) });
  });
  afterAll(() => socket.ws.close());

  it('tells the page through the live channel and then opens both', async () => {
    const before = socket.messages.length;
    ok(await submit(alice, id.gate));
    await settle();
    await until(() => socket.messages.slice(before).some((m) => m.type === 'scoreboard'));
    const model = await details(alice);
    expect(listed(model).find((c) => c.id === id.locked)?.locked).toBeUndefined();
    expect(listed(model).find((c) => c.id === id.secret)?.title).toBe(SECRET);
    ok(await alice.get(`/api/game/${gameId}/challenges/${id.locked}`));
    ok(await alice.get(`/api/game/${gameId}/challenges/${id.secret}`));
  });

  it('unlocks nothing for another team, and its blood notice does not name the hidden one', async () => {
    ok(await submit(alice, id.secret));
    await settle();
    expect(JSON.stringify(await details(bob))).not.toContain(SECRET);
    expectError(await bob.get(`/api/game/${gameId}/challenges/${id.locked}`), 403);
    const notices = ok<GameNotice[]>(await bob.get(`/api/game/${gameId}/notices`));
    expect(notices.some((n) => n.type === 'FirstBlood')).toBe(true);
    expect(JSON.stringify(notices)).not.toContain(SECRET);
    expect(JSON.stringify(socket.messages)).not.toContain(SECRET);
    expect((await anonymous.get(`/api/game/${gameId}/scoreboard`)).body).not.toContain(SECRET);
  });
});
