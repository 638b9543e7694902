import { type LiveMessage, type LogMessageModel, roleRank } from '@flagpole/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Identity } from '../http/access';
import type { Clock } from '../lib/clock';
import type { EventBus } from '../lib/event-bus';
import type { LiveHubRepository } from '../repositories/live-hub.repository';
import { ADMIN_LOGS_CHANNEL } from '../services/admin-logs.service';
import { GAMES_CHANGED } from '../services/game-edit.service';
import { LIVE_REFUSAL_MESSAGES, type LiveAdmission, NO_LIVE_OBSERVER } from './live-admission';
import { liveChannel } from './live-channel';
import type { HubConnection } from './signalr/hub-connection';
import { invocationFrame } from './signalr/protocol';
import { monotonicNow } from './signalr/transports';
import { createSocketCredentials } from './socket-credentials';

/** The reference platform's three hubs, at `/hub/<name>`. */
export const HUB_NAMES = ['user', 'monitor', 'admin'] as const;
export type HubName = (typeof HUB_NAMES)[number];

/** The close message's error for each way a connection ends early (shown by clients, not localised). */
export const HUB_CLOSE_REASONS = {
  badGame: "The 'game' query parameter is missing or not an integer.",
  unknownGame: 'Game not found.',
  signInRequired: 'Sign in, or present an API token, to use this hub.',
  roleTooLow: 'Your role may not use this hub.',
  failed: 'Connection closed with an error.',
  timedOut: 'Server timeout elapsed without receiving a message from the client.',
  handshakeTimedOut: 'No handshake received in time.',
  gameChanged: 'The game changed; connect again.',
  shuttingDown: 'Server shutting down.',
} as const;

/** What the request that opened a connection said: the `game` query value, the caller and their address. */
export interface HubRequest {
  game: unknown;
  identity: Identity | null;
  /** The client address as Fastify reads it (honouring TRUST_PROXY). */
  address: string;
}

interface UserMember {
  connection: HubConnection;
  /** Monitors and administrators get notices before the start too, as the monitor pages show them. */
  staff: boolean;
  /** May stay when the game becomes hidden (staff, or admitted to the hidden game as one of its players). */
  mayWatchHidden: boolean;
}

interface Room {
  hidden: boolean;
  startAt: number;
  users: Map<HubConnection, UserMember>;
  monitors: Set<HubConnection>;
  unsubscribe: () => void;
}

/** The `game` query value as a game id: one integer, as the reference requires. */
function gameIdOf(value: unknown): number | null {
  if (typeof value !== 'string' || !/^-?\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= -2_147_483_648 && id <= 2_147_483_647 ? id : null;
}

const isStaff = (identity: Identity | null) => identity !== null && roleRank[identity.role] >= roleRank.Monitor;

/**
 * The live hubs of the reference platform over our event bus, so a change made on any process reaches the
 * hub clients of every process. `user?game=` carries a game's notices to anyone (from its start; a hidden
 * game only to its own players and staff), `monitor?game=` its events and judged submissions to monitors
 * (session or API token), `admin` every stored log entry to administrators. Access is decided after the
 * handshake, as the reference does: a refused client gets a close message with the reason (sent with the
 * handshake response, so that its start fails with that reason). Each game
 * subscribes once per process, and each message is serialised once for all its receivers.
 */
export function createLiveHubs(deps: {
  repository: LiveHubRepository;
  events: EventBus;
  clock: Clock;
  log: FastifyBaseLogger;
  /** How often each client is pinged (the reference's default: 15 s). */
  keepAliveMs?: number;
  /** A client silent for this long is gone (the reference's default: 30 s; clients ping every 15 s). */
  clientTimeoutMs?: number;
  handshakeTimeoutMs?: number;
  /** The live channels' shared connection budget; without it connections are not counted. */
  admission?: LiveAdmission;
}) {
  const keepAliveMs = deps.keepAliveMs ?? 15_000;
  const clientTimeoutMs = deps.clientTimeoutMs ?? 30_000;
  const handshakeTimeoutMs = deps.handshakeTimeoutMs ?? 15_000;
  const connections = new Set<HubConnection>();
  const rooms = new Map<number, Room>();
  const admins = new Set<HubConnection>();
  const credentials = createSocketCredentials(deps);
  const observer = deps.admission?.observer ?? NO_LIVE_OBSERVER;
  let stopLogs: (() => void) | undefined;

  function deliver(room: Room, payload: unknown): void {
    const message = payload as (LiveMessage & { edited?: boolean }) | null;
    if (message?.type === 'notice') {
      // As on the reference, only new notices are pushed: its clients add each one they receive to the list.
      if (message.edited) return;
      const frame = invocationFrame('ReceivedGameNotice', message.data);
      const started = deps.clock.now().getTime() >= room.startAt;
      for (const member of room.users.values()) if (started || member.staff) member.connection.sendFrame(frame);
    } else if (message?.type === 'event' || message?.type === 'submission') {
      const frame = invocationFrame(
        message.type === 'event' ? 'ReceivedGameEvent' : 'ReceivedSubmissions',
        message.data,
      );
      for (const connection of room.monitors) connection.sendFrame(frame);
    }
  }

  function roomOf(gameId: number, game: { hidden: boolean; start_at: Date }): Room {
    const existing = rooms.get(gameId);
    if (existing) return existing;
    const room: Room = {
      hidden: game.hidden,
      startAt: game.start_at.getTime(),
      users: new Map(),
      monitors: new Set(),
      unsubscribe: deps.events.subscribe(liveChannel(gameId), (payload) => deliver(room, payload)),
    };
    rooms.set(gameId, room);
    return room;
  }

  function leave(gameId: number, room: Room, connection: HubConnection): void {
    room.users.delete(connection);
    room.monitors.delete(connection);
    if (room.users.size === 0 && room.monitors.size === 0 && rooms.get(gameId) === room) {
      room.unsubscribe();
      rooms.delete(gameId);
    }
  }

  /** A game edit: follow its start and visibility; a deleted game ends its connections. */
  async function refresh(gameId: number): Promise<void> {
    const room = rooms.get(gameId);
    if (!room) return;
    const game = await deps.repository.gameAccess(gameId);
    if (rooms.get(gameId) !== room) return;
    const members = [...room.users.keys(), ...room.monitors];
    if (!game) {
      for (const connection of members) connection.fail(HUB_CLOSE_REASONS.unknownGame);
      return;
    }
    const becameHidden = game.hidden && !room.hidden;
    room.hidden = game.hidden;
    room.startAt = game.start_at.getTime();
    if (!becameHidden) return;
    // Players of the game may stay, but were not asked when they joined: they reconnect and are asked.
    for (const member of [...room.users.values()]) {
      if (!member.mayWatchHidden) member.connection.fail(HUB_CLOSE_REASONS.gameChanged, true);
    }
  }
  const stopGames = deps.events.subscribe(GAMES_CHANGED, (payload) => {
    const gameId = (payload as { gameId?: unknown } | null)?.gameId;
    if (typeof gameId !== 'number' || !rooms.has(gameId)) return;
    refresh(gameId).catch((error: unknown) => deps.log.warn({ err: error, gameId }, 'live hub: game refresh failed'));
  });

  function deliverLogs(payload: unknown): void {
    if (!Array.isArray(payload)) return;
    for (const entry of payload as LogMessageModel[]) {
      const frame = invocationFrame('ReceivedLog', entry);
      for (const connection of admins) connection.sendFrame(frame);
    }
  }

  /** The reason a caller may not use a hub that needs `role`, or null when they may. */
  function refusal(identity: Identity | null, role: 'Monitor' | 'Admin'): string | null {
    if (!identity) return HUB_CLOSE_REASONS.signInRequired;
    return roleRank[identity.role] >= roleRank[role] ? null : HUB_CLOSE_REASONS.roleTooLow;
  }

  async function admitToGame(hub: 'user' | 'monitor', connection: HubConnection, request: HubRequest) {
    const { identity } = request;
    if (hub === 'monitor') {
      const refused = refusal(identity, 'Monitor');
      if (refused) return connection.fail(refused);
    }
    const gameId = gameIdOf(request.game);
    if (gameId === null) return connection.fail(HUB_CLOSE_REASONS.badGame);
    const game = gameId > 0 ? await deps.repository.gameAccess(gameId) : undefined;
    if (!game) return connection.fail(HUB_CLOSE_REASONS.unknownGame);
    const staff = isStaff(identity);
    // A hidden game is unknown to everyone but its own players and staff.
    const player = game.hidden && !staff && identity ? await deps.repository.onRoster(gameId, identity.userId) : false;
    if (game.hidden && !staff && !player) return connection.fail(HUB_CLOSE_REASONS.unknownGame);
    if (!connection.isAdmitting) return;
    const room = roomOf(gameId, game);
    if (hub === 'monitor') room.monitors.add(connection);
    else room.users.set(connection, { connection, staff, mayWatchHidden: staff || player });
    connection.once('close', () => leave(gameId, room, connection));
    // What this connection gets beyond the public notices depends on who opened it: it ends with them.
    if (identity && (staff || player)) credentials.watch(connection, identity);
    connection.admit();
  }

  function admitToAdmin(connection: HubConnection, identity: Identity | null): void {
    const refused = refusal(identity, 'Admin');
    if (refused || !identity) {
      connection.fail(refused ?? HUB_CLOSE_REASONS.signInRequired);
      return;
    }
    admins.add(connection);
    stopLogs ??= deps.events.subscribe(ADMIN_LOGS_CHANNEL, deliverLogs);
    connection.once('close', () => {
      admins.delete(connection);
      if (admins.size === 0 && stopLogs) {
        stopLogs();
        stopLogs = undefined;
      }
    });
    credentials.watch(connection, identity);
    connection.admit();
  }

  const keepAlive = setInterval(() => {
    const now = monotonicNow();
    for (const connection of connections) {
      if (!connection.handshakeDone) {
        if (now - connection.openedAt > handshakeTimeoutMs) {
          connection.fail(HUB_CLOSE_REASONS.handshakeTimedOut);
          observer.timedOut('hub', 'handshake');
        }
      } else if (now - connection.lastReceivedAt > clientTimeoutMs) {
        connection.fail(HUB_CLOSE_REASONS.timedOut);
        observer.timedOut('hub', 'idle');
      } else {
        connection.ping();
      }
    }
  }, keepAliveMs);
  keepAlive.unref();

  return {
    /**
     * Takes a new connection of `hub`; it is admitted or refused once its handshake arrives. One beyond the
     * caller's or the process's live-connection cap holds no place: it is refused (without reconnect) as soon
     * as its handshake arrives, or closed at the handshake timeout like any connection that sends none.
     */
    accept(hub: HubName, connection: HubConnection, request: HubRequest): void {
      const place = deps.admission?.admit('hub', {
        address: request.address,
        userId: request.identity?.userId ?? null,
      });
      if (place && !place.ok) {
        connections.add(connection);
        connection.once('close', () => connections.delete(connection));
        connection.once('handshake', () => connection.fail(LIVE_REFUSAL_MESSAGES[place.reason]));
        return;
      }
      if (place) connection.once('close', place.release);
      connections.add(connection);
      connection.once('close', () => connections.delete(connection));
      connection.once('handshake', () => {
        const admitted =
          hub === 'admin'
            ? Promise.resolve(admitToAdmin(connection, request.identity))
            : admitToGame(hub, connection, request);
        admitted.catch((error: unknown) => {
          deps.log.warn({ err: error, hub }, 'live hub: admission failed');
          connection.fail(HUB_CLOSE_REASONS.failed);
        });
      });
    },

    /** Connections this process holds, by kind (tests and diagnostics). */
    counts(gameId?: number) {
      const room = gameId === undefined ? undefined : rooms.get(gameId);
      return {
        connections: connections.size,
        admins: admins.size,
        users: room?.users.size ?? 0,
        monitors: room?.monitors.size ?? 0,
      };
    },

    /** Ends every connection; clients with automatic reconnects try again (another process, or this one restarted). */
    close(): void {
      clearInterval(keepAlive);
      stopGames();
      stopLogs?.();
      stopLogs = undefined;
      credentials.close();
      for (const connection of [...connections]) connection.fail(HUB_CLOSE_REASONS.shuttingDown, true);
      for (const room of rooms.values()) room.unsubscribe();
      rooms.clear();
      admins.clear();
    },
  };
}
export type LiveHubs = ReturnType<typeof createLiveHubs>;
