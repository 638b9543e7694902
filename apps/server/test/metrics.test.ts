import { HttpTransportType } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, json, type TestContext } from './harness';
import { openHub } from './hub-clients';
import { cookieOf } from './live-sockets';
import { addFlag, createChallenge, createGame, createPlayer, type Player } from './play-fixtures';
import { closedPort } from './proxy-fixtures';

const TOKEN = 'metrics-token-of-the-test-0123456789';
const HOUR = 3_600_000;

/** The value of one sample (`name{labels} value`) in an exposition text, or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((entry) => entry.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics on the main port (METRICS_TOKEN)', () => {
  let ctx: TestContext;
  let gameId: number;
  let challengeId: number;
  let player: Player;
  beforeAll(async () => {
    ctx = await createTestContext({ METRICS_TOKEN: TOKEN });
    const now = ctx.clock.now().getTime();
    gameId = await createGame(ctx.db, { start: new Date(now - HOUR), end: new Date(now + HOUR) });
    challengeId = await createChallenge(ctx.db, gameId, { title: 'Counted' });
    await addFlag(ctx.db, challengeId, 'flag{counted}');
    player = await createPlayer(ctx.app, ctx.db, gameId, 'scraped');
  });
  afterAll(() => ctx.close());

  const scrape = async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    return response.body;
  };

  it('answers 401 {title, status} without the token or with another one (an API token is not it)', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, TOKEN]) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode).toBe(401);
      expect(json(response)).toMatchObject({ status: 401, title: expect.any(String) });
    }
  });

  it('counts submissions by verdict, with the judge queue, scoreboard rebuilds and request durations', async () => {
    const submit = (flag: string) => player.client.post(`/api/game/${gameId}/challenges/${challengeId}`, { flag });
    expect((await submit('flag{wrong}')).statusCode).toBe(200);
    expect((await submit('flag{counted}')).statusCode).toBe(200);
    await ctx.app.services.play.flagChecker.drain();
    await ctx.app.services.play.scoreboard.settle();
    expect((await player.client.get(`/api/game/${gameId}/scoreboard`)).statusCode).toBe(200);
    await ctx.app.services.play.scoreboard.settle();

    const text = await scrape();
    expect(sample(text, 'flagpole_submissions_total{verdict="Accepted"}')).toBe(1);
    expect(sample(text, 'flagpole_submissions_total{verdict="WrongAnswer"}')).toBe(1);
    expect(sample(text, 'flagpole_judge_queue_depth')).toBe(0);
    expect(sample(text, 'flagpole_submissions_unjudged')).toBe(0);
    expect(sample(text, 'flagpole_judge_queue_oldest_seconds')).toBe(0);
    expect(sample(text, 'flagpole_scoreboard_rebuild_seconds_count')).toBeGreaterThanOrEqual(1);
    const route = `/api/game/:id/challenges/:challengeId`;
    expect(
      sample(text, `flagpole_http_request_duration_seconds_count{method="POST",route="${route}",status_code="200"}`),
    ).toBe(2);
    expect(sample(text, 'flagpole_live_connections{kind="game"}')).toBe(0);
    expect(sample(text, 'flagpole_live_connections{kind="hub"}')).toBe(0);
    expect(sample(text, 'flagpole_instances{status="Running"}')).toBe(0);
    expect(sample(text, 'flagpole_instance_start_queue_length')).toBe(0);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    if (process.env.TEST_DB === 'postgres') {
      expect(sample(text, 'flagpole_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    }
  });

  it('counts the SignalR hubs’ connections among the live connections, over both transports', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const hubs = await Promise.all(
      [HttpTransportType.WebSockets, HttpTransportType.ServerSentEvents].map((transport) =>
        openHub(ctx.app, `/hub/user?game=${gameId}`, { transport, cookie: cookieOf(player.client) }),
      ),
    );
    try {
      expect(sample(await scrape(), 'flagpole_live_connections{kind="hub"}')).toBe(2);
    } finally {
      await Promise.all(hubs.map((hub) => hub.connection.stop()));
    }
    let open = sample(await scrape(), 'flagpole_live_connections{kind="hub"}');
    for (let tries = 0; open !== 0 && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      open = sample(await scrape(), 'flagpole_live_connections{kind="hub"}');
    }
    expect(open).toBe(0);
  });

  it('reports submissions no process is judging, with the age of the oldest', async () => {
    await ctx.app.services.play.flagChecker.stop();
    try {
      expect(
        (await player.client.post(`/api/game/${gameId}/challenges/${challengeId}`, { flag: 'x' })).statusCode,
      ).toBe(200);
      ctx.clock.advance(90_000);
      const text = await scrape();
      expect(sample(text, 'flagpole_submissions_unjudged')).toBe(1);
      expect(sample(text, 'flagpole_judge_queue_oldest_seconds')).toBeGreaterThanOrEqual(90);
    } finally {
      await ctx.app.services.play.flagChecker.start();
      await ctx.app.services.play.flagChecker.drain();
    }
  });
});

describe('metrics on their own port (METRICS_PORT)', () => {
  it('serves /metrics there without a token while listening, and nothing else', async () => {
    const port = await closedPort();
    const ctx = await createTestContext({ METRICS_PORT: String(port), HOST: '127.0.0.1' });
    try {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const scrape = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(scrape.status).toBe(200);
      expect(await scrape.text()).toContain('flagpole_submissions_unjudged');
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
      // Not on the main port: no token is configured.
      expect((await ctx.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await ctx.close();
    }
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});
