import type { GameNotice } from '@flagpole/contract';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { Identity } from '../http/access';
import { FakeClock } from '../lib/clock';
import { MemoryEventBus } from '../lib/event-bus';
import type { LiveHubRepository } from '../repositories/live-hub.repository';
import { GAMES_CHANGED } from '../services/game-edit.service';
import { publishLive } from './live-channel';
import { createLiveHubs, HUB_CLOSE_REASONS, type HubName } from './live-hubs';
import { HubConnection } from './signalr/hub-connection';
import { RECORD_SEPARATOR as RS } from './signalr/protocol';
import { monotonicNow } from './signalr/transports';

const clock = new FakeClock(new Date('2030-01-01T12:00:00Z'));
const HOUR = 3_600_000;
const games = new Map<number, { hidden: boolean; start_at: Date }>();
const rosters = new Set<string>();
const repository: LiveHubRepository = {
  gameAccess: async (gameId) => games.get(gameId),
  onRoster: async (gameId, userId) => rosters.has(`${gameId}:${userId}`),
};
const events = new MemoryEventBus();
const log = pino({ level: 'silent' });
let hubs: ReturnType<typeof createLiveHubs> | undefined;
afterEach(() => hubs?.close());

const person = (role: Identity['role'], userId = `${role}-id`): Identity => ({
  userId,
  userName: userId,
  role,
  via: 'session',
});

/** A connected client: its handshake sent, the frames it received parsed. */
async function connect(hub: HubName, game: unknown, identity: Identity | null) {
  const sent: string[] = [];
  let ended = false;
  const connection = new HubConnection(
    {
      name: 'WebSockets',
      send: (text) => sent.push(text),
      end: () => {
        ended = true;
      },
      bufferedBytes: () => 0,
    },
    monotonicNow(),
  );
  hubs?.accept(hub, connection, { game, identity, address: '127.0.0.1' });
  connection.receive(`{"protocol":"json","version":1}${RS}`, monotonicNow());
  // Admission awaits the repository.
  await new Promise((resolve) => setTimeout(resolve, 5));
  const frames = () =>
    sent
      .join('')
      .split(RS)
      .filter(Boolean)
      .map((text) => JSON.parse(text) as { type?: number; target?: string; error?: string; allowReconnect?: boolean })
      .slice(1);
  return { connection, frames, ended: () => ended };
}

const notice = (id: number): GameNotice => ({ id, time: clock.now().getTime(), type: 'Normal', values: [`n${id}`] });
const targets = (client: Awaited<ReturnType<typeof connect>>) => client.frames().map((f) => f.target ?? f.type);

function start(options: { keepAliveMs?: number; clientTimeoutMs?: number } = {}) {
  hubs = createLiveHubs({ repository, events, clock, log, ...options });
  return hubs;
}

describe('the user hub', () => {
  it('pushes new notices from the start, to staff also before, and never edits', async () => {
    start();
    games.set(1, { hidden: false, start_at: new Date(clock.now().getTime() + HOUR) });
    const anonymous = await connect('user', '1', null);
    const monitor = await connect('user', '1', person('Monitor'));
    await publishLive(events, 1, { type: 'notice', data: notice(1) });
    expect(targets(anonymous)).toEqual([]);
    expect(targets(monitor)).toEqual(['ReceivedGameNotice']);
    clock.advance(2 * HOUR);
    await publishLive(events, 1, { type: 'notice', data: notice(2) });
    await publishLive(events, 1, { type: 'notice', data: notice(2), edited: true });
    await publishLive(events, 1, { type: 'noticeRemoved', data: { id: 2 } });
    await publishLive(events, 1, { type: 'event', data: { time: 0, user: '', team: '', type: 'Normal', values: [] } });
    expect(anonymous.frames()).toEqual([{ type: 1, target: 'ReceivedGameNotice', arguments: [notice(2)] }]);
    expect(targets(monitor)).toEqual(['ReceivedGameNotice', 'ReceivedGameNotice']);
  });

  it('treats a hidden game as unknown to everyone but its players and staff', async () => {
    start();
    games.set(2, { hidden: true, start_at: new Date(0) });
    rosters.add('2:player');
    const anonymous = await connect('user', '2', null);
    const stranger = await connect('user', '2', person('User', 'stranger'));
    const player = await connect('user', '2', person('User', 'player'));
    const admin = await connect('user', '2', person('Admin'));
    for (const refused of [anonymous, stranger]) {
      expect(refused.frames()).toEqual([{ type: 7, error: HUB_CLOSE_REASONS.unknownGame }]);
      expect(refused.ended()).toBe(true);
    }
    expect(player.connection.isOpen && admin.connection.isOpen).toBe(true);
    expect(hubs?.counts(2).users).toBe(2);
  });

  it('refuses a missing, malformed or unknown game', async () => {
    start();
    for (const game of [undefined, 'abc', ['1', '1'], '1.5', '99999999999', '404']) {
      const client = await connect('user', game, null);
      expect(client.frames()).toHaveLength(1);
      expect(client.frames()[0]?.type).toBe(7);
      expect(client.ended()).toBe(true);
    }
  });

  it('follows game edits: hiding it sends strangers away to ask again; deleting it ends everyone', async () => {
    start();
    games.set(3, { hidden: false, start_at: new Date(0) });
    const anonymous = await connect('user', '3', null);
    const monitor = await connect('monitor', '3', person('Monitor'));
    games.set(3, { hidden: true, start_at: new Date(0) });
    await events.publish(GAMES_CHANGED, { gameId: 3 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(anonymous.frames()).toEqual([{ type: 7, error: HUB_CLOSE_REASONS.gameChanged, allowReconnect: true }]);
    expect(monitor.connection.isOpen).toBe(true);
    games.delete(3);
    await events.publish(GAMES_CHANGED, { gameId: 3 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(monitor.frames()).toEqual([{ type: 7, error: HUB_CLOSE_REASONS.unknownGame }]);
    expect(hubs?.counts(3)).toMatchObject({ users: 0, monitors: 0 });
  });
});

describe('the monitor and admin hubs', () => {
  it('admit by role, and carry events, submissions and log lines', async () => {
    start();
    games.set(4, { hidden: false, start_at: new Date(0) });
    const refused = [
      await connect('monitor', '4', null),
      await connect('monitor', '4', person('User')),
      await connect('admin', undefined, person('Monitor')),
      await connect('admin', undefined, null),
    ];
    expect(refused.map((client) => client.frames()[0]?.error)).toEqual([
      HUB_CLOSE_REASONS.signInRequired,
      HUB_CLOSE_REASONS.roleTooLow,
      HUB_CLOSE_REASONS.roleTooLow,
      HUB_CLOSE_REASONS.signInRequired,
    ]);
    const monitor = await connect('monitor', '4', person('Monitor'));
    const admin = await connect('admin', undefined, person('Admin'));
    await publishLive(events, 4, {
      type: 'event',
      data: { time: 1, user: 'u', team: 't', type: 'Normal', values: [] },
    });
    await publishLive(events, 4, {
      type: 'submission',
      data: { answer: 'a', status: 'Accepted', time: 1, user: 'u', team: 't', challenge: 'c' },
    });
    await events.publish('admin:logs', [
      { time: 1, name: null, level: 'Information', ip: null, msg: 'm', status: null },
    ]);
    expect(targets(monitor)).toEqual(['ReceivedGameEvent', 'ReceivedSubmissions']);
    expect(targets(admin)).toEqual(['ReceivedLog']);
    expect(hubs?.counts(4).monitors).toBe(1);
    monitor.connection.transportClosed();
    expect(hubs?.counts(4).monitors).toBe(0);
  });
});

describe('keep-alive', () => {
  it('pings clients that talk, and closes one that went silent', async () => {
    start({ keepAliveMs: 20, clientTimeoutMs: 120 });
    games.set(5, { hidden: false, start_at: new Date(0) });
    const talking = await connect('user', '5', null);
    const silent = await connect('user', '5', null);
    const keepTalking = setInterval(() => talking.connection.receive(`{"type":6}${RS}`, monotonicNow()), 10);
    await new Promise((resolve) => setTimeout(resolve, 250));
    clearInterval(keepTalking);
    expect(targets(talking).filter((t) => t === 6).length).toBeGreaterThan(2);
    expect(silent.frames().at(-1)).toEqual({ type: 7, error: HUB_CLOSE_REASONS.timedOut });
    expect(talking.connection.isOpen).toBe(true);
  });
});
