import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { FakeClock } from '../lib/clock';
import { MemoryEventBus } from '../lib/event-bus';
import { ADMIN_LOGS_CHANNEL } from '../services/admin-logs.service';
import type { BuiltScoreboard, ScoreboardService } from '../services/scoreboard.service';
import { createAdminLogGateway } from './admin-log-gateway';
import { createLiveGateway } from './live-gateway';

const clock = new FakeClock(new Date('2030-01-01T12:00:00Z'));
const log = pino({ level: 'silent' });
const admin = { userId: 'admin-id', userName: 'admin', role: 'Admin', via: 'session' } as const;

/** A scoreboard service whose rebuilds the test announces; `frozen`, when set, is the board players see. */
function fakeScoreboard() {
  const listeners = new Set<(gameId: number, board: BuiltScoreboard | null) => void>();
  const state: { frozen?: BuiltScoreboard } = {};
  const service = {
    onRebuilt(listener: (gameId: number, board: BuiltScoreboard | null) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    forPlayers: (board: BuiltScoreboard) => state.frozen ?? board,
  } as unknown as ScoreboardService;
  const rebuilt = (gameId: number, liveMessage: string) => {
    for (const listener of listeners) listener(gameId, { liveMessage: () => liveMessage } as BuiltScoreboard);
  };
  return { service, rebuilt, state };
}

/** A socket that records what it is asked to send, as `ws` receives it. */
function recordingSocket() {
  const sent: { data: unknown; options: unknown }[] = [];
  const socket = {
    OPEN: 1,
    readyState: 1,
    bufferedAmount: 0,
    send: (data: unknown, options: unknown) => sent.push({ data, options }),
    on: () => socket,
    once: () => socket,
    ping: () => undefined,
    terminate: () => undefined,
    close: () => undefined,
  };
  return { socket: socket as unknown as WebSocket, sent };
}

const stops: (() => unknown)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

describe('live fan-out', () => {
  it('encodes a scoreboard message once and gives every socket the same bytes, as a text frame', () => {
    const board = fakeScoreboard();
    const gateway = createLiveGateway({ events: new MemoryEventBus(), clock, scoreboard: board.service, log });
    stops.push(() => gateway.close());
    const sockets = [recordingSocket(), recordingSocket(), recordingSocket()];
    for (const { socket } of sockets) gateway.join(7, socket, null);

    const message = JSON.stringify({ type: 'scoreboard', data: { gameId: 7, version: 'é' } });
    board.rebuilt(7, message);

    const first = sockets[0]?.sent[0];
    expect(Buffer.isBuffer(first?.data)).toBe(true);
    expect(String(first?.data)).toBe(message);
    for (const { sent } of sockets) {
      expect(sent).toHaveLength(1);
      expect(sent[0]?.data).toBe(first?.data);
      expect(sent[0]?.options).toEqual({ binary: false });
    }
  });

  it('during a freeze sends players the frozen board once and monitors every live board', () => {
    const board = fakeScoreboard();
    const gateway = createLiveGateway({ events: new MemoryEventBus(), clock, scoreboard: board.service, log });
    stops.push(() => gateway.close());
    const player = recordingSocket();
    const monitor = recordingSocket();
    gateway.join(5, player.socket, null);
    gateway.join(5, monitor.socket, admin);
    const frozen = JSON.stringify({ type: 'scoreboard', data: { gameId: 5, version: 'frozen' } });
    board.state.frozen = { liveMessage: () => frozen } as BuiltScoreboard;

    for (const version of ['live-1', 'live-2']) {
      board.rebuilt(5, JSON.stringify({ type: 'scoreboard', data: { gameId: 5, version } }));
    }
    expect(player.sent.map((m) => String(m.data))).toEqual([frozen]);
    expect(monitor.sent.map((m) => JSON.parse(String(m.data)).data.version)).toEqual(['live-1', 'live-2']);
  });

  it('encodes a log entry once for every admin reading the live log', async () => {
    const events = new MemoryEventBus();
    const gateway = createAdminLogGateway({ events, clock, log });
    stops.push(() => gateway.close());
    const readers = [recordingSocket(), recordingSocket()];
    for (const { socket } of readers) gateway.join(socket, admin);

    await events.publish(ADMIN_LOGS_CHANNEL, [{ msg: 'one' }]);

    const first = readers[0]?.sent[0];
    expect(Buffer.isBuffer(first?.data)).toBe(true);
    expect(readers[1]?.sent[0]?.data).toBe(first?.data);
    expect(readers[1]?.sent[0]?.options).toEqual({ binary: false });
  });

  it('reaches a real client as a text frame with the message’s JSON', async () => {
    const board = fakeScoreboard();
    const gateway = createLiveGateway({ events: new MemoryEventBus(), clock, scoreboard: board.service, log });
    const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    stops.push(
      () => gateway.close(),
      () => new Promise((resolve) => server.close(resolve)),
    );
    await once(server, 'listening');
    server.on('connection', (socket) => gateway.join(3, socket, null));
    const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
    stops.push(() => client.terminate());
    await once(client, 'open');
    await expect.poll(() => gateway.subscriberCount(3)).toBe(1);

    const received = once(client, 'message');
    const message = JSON.stringify({ type: 'scoreboard', data: { gameId: 3, version: 'ü' } });
    board.rebuilt(3, message);
    const [data, isBinary] = await received;
    expect(isBinary).toBe(false);
    expect(String(data)).toBe(message);
  });
});
