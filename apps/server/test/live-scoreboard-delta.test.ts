import { applyScoreboardDelta, type LiveMessage, type ScoreboardModel } from '@flagpole/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness';
import { type OpenSocket, openSocket, until, wsUrl } from './live-sockets';
import { addFlag, createChallenge, createGame, createPlayer, type Player } from './play-fixtures';

const HOUR = 3_600_000;
const PLAYERS = 8;

/**
 * After a new solve, players connected to the live channel receive the change as a small delta that turns the
 * board they fetched into the board the server then serves; they need not fetch the whole board again.
 */
describe('live scoreboard delta', () => {
  let ctx: TestContext;
  let gameId: number;
  let challenges: number[];
  let players: Player[];
  let socket: OpenSocket<LiveMessage>;
  let raw: string[];

  const fetchBoard = async () => {
    const response = await ctx.app.inject({ url: `/api/game/${gameId}/scoreboard` });
    expect(response.statusCode).toBe(200);
    return { board: response.json() as ScoreboardModel, bytes: response.body.length };
  };
  const solve = async (player: Player, challengeId: number) => {
    const response = await player.client.post(`/api/game/${gameId}/challenges/${challengeId}`, {
      flag: `flag{delta-${challengeId}}`,
    });
    expect(response.statusCode).toBe(200);
    await ctx.app.services.play.flagChecker.drain();
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const now = ctx.clock.now().getTime();
    gameId = await createGame(ctx.db, { start: new Date(now - HOUR), end: new Date(now + HOUR) });
    challenges = [];
    for (const title of ['Alpha', 'Beta']) {
      const id = await createChallenge(ctx.db, gameId, {
        title,
        originalScore: 1000,
        minScoreRate: 0.2,
        difficulty: 3,
      });
      await addFlag(ctx.db, id, `flag{delta-${id}}`);
      challenges.push(id);
    }
    players = [];
    for (let index = 0; index < PLAYERS; index++) {
      players.push(await createPlayer(ctx.app, ctx.db, gameId, `deltaplayer${index}`));
    }
    for (const player of players.slice(0, PLAYERS - 1)) await solve(player, challenges[0] as number);
    await ctx.app.services.play.scoreboard.settle();
    socket = await openSocket<LiveMessage>(wsUrl(ctx.app, `/api/game/${gameId}/live`));
    raw = [];
    socket.ws.on('message', (data) => raw.push(String(data)));
  });
  afterAll(async () => {
    socket?.ws.close();
    await ctx.close();
  });

  it('sends the delta from the fetched board to the new one, much smaller than the board', async () => {
    const { board: before, bytes } = await fetchBoard();
    expect(before.version).toMatch(/^[0-9a-f]{20}$/);
    const heard = socket.messages.length;
    // The last team solves the challenge every other team solved: its value, and so every solver's score, drops.
    await solve(players[PLAYERS - 1] as Player, challenges[0] as number);
    await until(() => socket.messages.slice(heard).some((m) => m.type === 'scoreboard' && m.data.delta !== undefined));
    await ctx.app.services.play.scoreboard.settle();
    const index = socket.messages.findIndex((m, i) => i >= heard && m.type === 'scoreboard');
    const message = socket.messages[index];
    if (message?.type !== 'scoreboard' || !message.data.delta) throw new Error('no delta');
    const { delta } = message.data;
    const { board: after } = await fetchBoard();
    expect(delta.base).toBe(before.version);
    expect(delta.version).toBe(after.version);
    expect(message.data.version).toBe(after.version);
    expect(applyScoreboardDelta(before, delta)).toEqual(after);
    // Not the whole board: the new solver's row and the re-priced column, no list of every team.
    expect(delta.rows.map((row) => row.id)).toHaveLength(1);
    expect(delta.challenges.map((info) => info.id)).toEqual([challenges[0]]);
    expect(message.data).not.toHaveProperty('items');
    expect(delta).not.toHaveProperty('items');
    const frame = raw[index - (socket.messages.length - raw.length)] ?? '';
    expect(frame.length).toBeGreaterThan(0);
    expect(frame.length).toBeLessThan(bytes / 2);
    // Other solvers' scores changed too, without their rows travelling.
    const scoreBefore = new Map(before.items.map((item) => [item.id, item.score]));
    const repriced = after.items.filter(
      (item) => item.id !== delta.rows[0]?.id && scoreBefore.get(item.id) !== item.score,
    );
    expect(repriced).toHaveLength(PLAYERS - 1);
  });

  it('chains: the next delta applies to the board the previous one produced', async () => {
    const { board: start } = await fetchBoard();
    const heard = socket.messages.length;
    await solve(players[0] as Player, challenges[1] as number);
    await until(() => socket.messages.slice(heard).some((m) => m.type === 'scoreboard' && m.data.delta !== undefined));
    await ctx.app.services.play.scoreboard.settle();
    let held = start;
    for (const message of socket.messages.slice(heard)) {
      if (message.type !== 'scoreboard' || !message.data.delta) continue;
      expect(message.data.delta.base).toBe(held.version);
      held = applyScoreboardDelta(held, message.data.delta);
    }
    expect(held).toEqual((await fetchBoard()).board);
  });
});
