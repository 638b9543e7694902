import { LIVE_LIMIT_CLOSE_CODES } from '@flagpole/contract';
import { HttpTransportType } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestContext, type TestContext } from './harness';
import { type HubClient, openHub, refusal } from './hub-clients';
import { cookieOf, until, wsUrl } from './live-sockets';
import { createGame, createPlayer, type Player } from './play-fixtures';

const HOUR = 3_600_000;
const TOKEN = 'metrics-token-of-the-live-caps-test';
const { tooManyConnections, serverFull } = LIVE_LIMIT_CLOSE_CODES;

interface Live {
  ws: WebSocket;
  /** The close code, once closed. */
  code: number | undefined;
  closed: Promise<number>;
}

/** Opens a websocket (resolving once open, even if the server then closes it at once). */
async function open(url: string, options: WebSocket.ClientOptions = {}): Promise<Live> {
  const ws = new WebSocket(url, options);
  const live: Live = { ws, code: undefined, closed: Promise.resolve(0) };
  live.closed = new Promise<number>((resolve) =>
    ws.once('close', (code) => {
      live.code = code;
      resolve(code);
    }),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return live;
}

/** Waits a little for closes the server sends right after the upgrade. */
const settle = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms));
const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });

describe('live connection caps per address and per user (TRUST_PROXY on)', () => {
  let ctx: TestContext;
  let gameId: number;
  let player: Player;
  const sockets: Live[] = [];
  const hubs: HubClient[] = [];
  const live = () => wsUrl(ctx.app, `/api/game/${gameId}/live`);
  const connect = async (options: WebSocket.ClientOptions = {}) => {
    const socket = await open(live(), options);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    ctx = await createTestContext({
      TRUST_PROXY: 'true',
      LIVE_MAX_PER_ADDRESS: '3',
      LIVE_MAX_PER_USER: '2',
      LIVE_MAX_CONNECTIONS: '100',
      LIVE_IDLE_SECONDS: '2',
      LIVE_HANDSHAKE_SECONDS: '1',
      METRICS_TOKEN: TOKEN,
    });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const now = ctx.clock.now().getTime();
    gameId = await createGame(ctx.db, { start: new Date(now - HOUR), end: new Date(now + HOUR) });
    player = await createPlayer(ctx.app, ctx.db, gameId, 'capped');
  });
  afterAll(async () => {
    for (const socket of sockets) socket.ws.terminate();
    for (const hub of hubs) await hub.connection.stop();
    await ctx.close();
  });

  it('refuses an anonymous flood from one address beyond the cap with 4429, while another address connects', async () => {
    const flood = await Promise.all(Array.from({ length: 12 }, () => connect(from('203.0.113.7'))));
    await settle();
    const refused = flood.filter((socket) => socket.code === tooManyConnections);
    expect(flood.filter((socket) => socket.ws.readyState === WebSocket.OPEN)).toHaveLength(3);
    expect(refused).toHaveLength(9);
    const other = await connect(from('203.0.113.8'));
    await settle();
    expect(other.ws.readyState).toBe(WebSocket.OPEN);
    // A place given back is free again.
    const first = flood.find((socket) => socket.ws.readyState === WebSocket.OPEN);
    first?.ws.close();
    await first?.closed;
    await until(() => ctx.app.services.play.liveConnections() === 3);
    const again = await connect(from('203.0.113.7'));
    await settle();
    expect(again.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('without a forwarded address, reads the connecting address (a second loopback address has its own cap)', async () => {
    const local = await Promise.all(Array.from({ length: 4 }, () => connect({ localAddress: '127.0.0.2' })));
    await settle();
    expect(local.filter((socket) => socket.code === tooManyConnections)).toHaveLength(1);
    const elsewhere = await connect({ localAddress: '127.0.0.3' });
    await settle();
    expect(elsewhere.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('caps a signed-in user across addresses, apart from the anonymous cap of their address', async () => {
    const cookie = cookieOf(player.client);
    const mine = [
      await connect({ headers: { cookie, 'x-forwarded-for': '198.51.100.1' } }),
      await connect({ headers: { cookie, 'x-forwarded-for': '198.51.100.2' } }),
    ];
    const third = await connect({ headers: { cookie, 'x-forwarded-for': '198.51.100.3' } });
    expect(await third.closed).toBe(tooManyConnections);
    expect(mine.every((socket) => socket.ws.readyState === WebSocket.OPEN)).toBe(true);
    // The user's sockets do not use up the address: anonymous viewers behind the same NAT still connect.
    const neighbour = await connect(from('198.51.100.1'));
    await settle();
    expect(neighbour.ws.readyState).toBe(WebSocket.OPEN);
    // A SignalR connection of the same user counts against the same cap.
    const reason = await refusal(ctx.app, `/hub/user?game=${gameId}`, {
      transport: HttpTransportType.WebSockets,
      cookie,
      headers: from('198.51.100.4').headers,
    });
    expect(reason).toContain('Too many live connections for this account.');
  });

  it.each([
    ['WebSockets', HttpTransportType.WebSockets, '192.0.2.10'],
    ['ServerSentEvents', HttpTransportType.ServerSentEvents, '192.0.2.11'],
  ] as const)(
    '%s: SignalR hubs share the per-address cap and refuse beyond it without reconnecting',
    async (_name, transport, address) => {
      for (let index = 0; index < 3; index++) {
        hubs.push(await openHub(ctx.app, `/hub/user?game=${gameId}`, { transport, headers: from(address).headers }));
      }
      const reason = await refusal(ctx.app, `/hub/user?game=${gameId}`, { transport, headers: from(address).headers });
      expect(reason).toContain('Too many live connections from this address.');
      const other = await openHub(ctx.app, `/hub/user?game=${gameId}`, {
        transport,
        headers: from('192.0.2.99').headers,
      });
      hubs.push(other);
      expect(ctx.app.services.hubs.counts(gameId).users).toBeGreaterThanOrEqual(4);
      await other.connection.stop();
    },
  );

  it('closes a websocket that stops answering pings, and keeps one that answers', async () => {
    const silent = await connect({ ...from('203.0.113.50'), autoPong: false });
    const answering = await connect(from('203.0.113.51'));
    const started = Date.now();
    await Promise.race([silent.closed, settle(4000)]);
    expect(silent.code).toBeDefined();
    expect(Date.now() - started).toBeLessThan(4000);
    expect(answering.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('closes a SignalR connection that never sends its handshake', async () => {
    const hubSocket = await open(wsUrl(ctx.app, `/hub/user?game=${gameId}`), from('203.0.113.61'));
    sockets.push(hubSocket);
    const started = Date.now();
    await Promise.race([hubSocket.closed, settle(4000)]);
    expect(hubSocket.code).toBeDefined();
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it('counts refusals and timeouts in /metrics', async () => {
    const response = await ctx.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    const value = (series: string) =>
      Number(
        response.body
          .split('\n')
          .find((line) => line.startsWith(`${series} `))
          ?.split(' ')[1] ?? 0,
      );
    expect(value('flagpole_live_connections_refused_total{channel="game",cap="address"}')).toBeGreaterThanOrEqual(10);
    expect(value('flagpole_live_connections_refused_total{channel="game",cap="user"}')).toBe(1);
    expect(value('flagpole_live_connections_refused_total{channel="hub",cap="address"}')).toBe(2);
    expect(value('flagpole_live_connections_refused_total{channel="hub",cap="user"}')).toBe(1);
    expect(value('flagpole_live_connections_timed_out_total{channel="game",reason="idle"}')).toBeGreaterThanOrEqual(1);
    expect(value('flagpole_live_connections_timed_out_total{channel="hub",reason="handshake"}')).toBe(1);
  });
});

describe('live connection cap of the whole process', () => {
  let ctx: TestContext;
  let gameId: number;
  const sockets: Live[] = [];

  beforeAll(async () => {
    ctx = await createTestContext({ TRUST_PROXY: 'true', LIVE_MAX_CONNECTIONS: '4' });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const now = ctx.clock.now().getTime();
    gameId = await createGame(ctx.db, { start: new Date(now - HOUR), end: new Date(now + HOUR) });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.ws.terminate();
    await ctx.close();
  });

  it('refuses connections beyond it with 4503 whoever opens them, the SignalR hubs too', async () => {
    const url = wsUrl(ctx.app, `/api/game/${gameId}/live`);
    for (let index = 0; index < 4; index++) sockets.push(await open(url, from(`203.0.113.${index + 1}`)));
    const over = await open(url, from('203.0.113.200'));
    sockets.push(over);
    expect(await over.closed).toBe(serverFull);
    const reason = await refusal(ctx.app, `/hub/user?game=${gameId}`, {
      transport: HttpTransportType.WebSockets,
      headers: from('203.0.113.201').headers,
    });
    expect(reason).toContain('The server holds as many live connections as it may');
    sockets[0]?.ws.close();
    await sockets[0]?.closed;
    await until(() => ctx.app.services.play.liveConnections() === 3);
    const next = await open(url, from('203.0.113.202'));
    sockets.push(next);
    await settle();
    expect(next.ws.readyState).toBe(WebSocket.OPEN);
  });
});
