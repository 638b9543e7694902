import {
  IntId,
  LIVE_MESSAGES_FOR_MONITORS,
  LIVE_MESSAGES_FOR_PLAYERS,
  type LiveMessage,
  type LiveMessageType,
  roleRank,
} from '@flagpole/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { Identity } from '../http/access';
import type { Clock } from '../lib/clock';
import { BUS_RESYNC, type EventBus } from '../lib/event-bus';
import type { GamePlayService } from '../services/game-play.service';
import type { BuiltScoreboard, ScoreboardService } from '../services/scoreboard.service';
import { admitWebSocket, type LiveAdmission } from './live-admission';
import { addressedLive, liveChannel, MISSED_MESSAGES_CLOSE_CODE } from './live-channel';
import { createSocketCredentials } from './socket-credentials';

const PLAYER_TYPES = new Set<LiveMessageType>(LIVE_MESSAGES_FOR_PLAYERS);
const MONITOR_TYPES = new Set<LiveMessageType>(LIVE_MESSAGES_FOR_MONITORS);
/** A subscriber this far behind is dropped rather than buffered without bound. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/** `ws` sends a Buffer as binary unless told otherwise; browsers must receive text (JSON) frames. */
const TEXT_FRAME = { binary: false } as const;

interface Subscriber {
  socket: WebSocket;
  monitor: boolean;
  /** A signed-in player's id (counted as online on the dashboard); null for monitors and anonymous sockets. */
  playerId: string | null;
  /** The signed-in caller (monitors too): messages addressed to some users (a team) reach their sockets only. */
  userId: string | null;
  alive: boolean;
}

interface GameRoom {
  subscribers: Set<Subscriber>;
  /** During a freeze: the frozen board players were last told of (a rebuild that keeps it tells them nothing). */
  playersBoard?: BuiltScoreboard;
  unsubscribe: () => void;
}

/**
 * Websocket fan-out of a game's live messages. Each process subscribes once per game to the event bus (Redis
 * pub/sub across processes) and serialises each message once for all its sockets. Players get notices and
 * scoreboard changes (with a small delta after new solves, so clients need not fetch the whole board again);
 * monitors and admins also get events and submissions. `scoreboard` messages are sent by each process when
 * its own copy of the board has been rebuilt, so a client that refetches gets the new one.
 * A monitor's socket closes when its session, role or API token changes; the client reconnects and gets what
 * its credentials then allow.
 */
export function createLiveGateway(deps: {
  events: EventBus;
  clock: Clock;
  scoreboard: ScoreboardService;
  log: FastifyBaseLogger;
  /** How often sockets are pinged; one that has not answered the previous ping by then is dropped. */
  heartbeatMs?: number;
  /** Counts the sockets dropped that way. */
  onIdleClose?: () => void;
}) {
  const rooms = new Map<number, GameRoom>();
  const credentials = createSocketCredentials(deps);

  /**
   * Writes one message to every socket of the room that may read it. The text is encoded once: every socket is
   * given the same bytes (sent as a text frame), so the kernel-bound writes share one buffer instead of each
   * socket holding its own UTF-8 copy of a message thousands of players receive after every rebuild.
   */
  function deliver(room: GameRoom, type: LiveMessageType, text: string, only?: 'players' | 'monitors') {
    const bytes = Buffer.from(text);
    const forPlayers = PLAYER_TYPES.has(type) && only !== 'monitors';
    const forMonitors = MONITOR_TYPES.has(type) && only !== 'players';
    for (const sub of room.subscribers) {
      if (!(sub.monitor ? forMonitors : forPlayers)) continue;
      if (sub.socket.readyState !== sub.socket.OPEN) continue;
      if (sub.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
        sub.socket.terminate();
        continue;
      }
      sub.socket.send(bytes, TEXT_FRAME);
    }
  }

  /** Writes a message addressed to some users (a team's members) to their sockets of the room only. */
  function deliverTo(room: GameRoom, userIds: Set<string>, text: string) {
    const bytes = Buffer.from(text);
    for (const sub of room.subscribers) {
      if (sub.userId === null || !userIds.has(sub.userId)) continue;
      if (sub.socket.readyState !== sub.socket.OPEN) continue;
      sub.socket.send(bytes, TEXT_FRAME);
    }
  }

  const stopScoreboard = deps.scoreboard.onRebuilt((gameId, board) => {
    const room = rooms.get(gameId);
    if (!room) return;
    // Made once per rebuild, for every socket: the new version and, after new solves, the delta to it.
    if (!board) {
      room.playersBoard = undefined;
      deliver(room, 'scoreboard', JSON.stringify({ type: 'scoreboard', data: { gameId } } satisfies LiveMessage));
      return;
    }
    // During a freeze players follow the frozen board (docs/game-play.md, "Freeze and reveal"), monitors the live one.
    const players = deps.scoreboard.forPlayers(board);
    if (players === board) {
      room.playersBoard = undefined;
      deliver(room, 'scoreboard', board.liveMessage());
      return;
    }
    deliver(room, 'scoreboard', board.liveMessage(), 'monitors');
    if (room.playersBoard === players) return;
    room.playersBoard = players;
    deliver(room, 'scoreboard', players.liveMessage(), 'players');
  });

  // Messages may have been missed: every socket is told to reconnect and reload what it shows.
  const stopResync = deps.events.subscribe(BUS_RESYNC, () => {
    for (const room of rooms.values()) {
      for (const sub of room.subscribers) sub.socket.close(MISSED_MESSAGES_CLOSE_CODE, 'missed messages; reload');
    }
  });

  const heartbeat = setInterval(() => {
    for (const room of rooms.values()) {
      for (const sub of room.subscribers) {
        if (!sub.alive) {
          sub.socket.terminate();
          deps.onIdleClose?.();
          continue;
        }
        sub.alive = false;
        sub.socket.ping();
      }
    }
  }, deps.heartbeatMs ?? 30_000);
  heartbeat.unref();

  /** Adds a socket to the game's room; `identity` is the caller's, null for an anonymous one. */
  function join(gameId: number, socket: WebSocket, identity: Identity | null) {
    const monitor = identity !== null && roleRank[identity.role] >= roleRank.Monitor;
    if (monitor) credentials.watch(socket, identity);
    let room = rooms.get(gameId);
    if (!room) {
      const created: GameRoom = {
        subscribers: new Set(),
        unsubscribe: deps.events.subscribe(liveChannel(gameId), (payload) => {
          const type = (payload as { type?: unknown } | null)?.type;
          // The scoreboard message is produced locally after this process's rebuild (see above).
          if (typeof type !== 'string' || type === 'scoreboard') return;
          const addressed = addressedLive(payload);
          if (addressed) {
            deliverTo(created, addressed.userIds, JSON.stringify(addressed.message));
            return;
          }
          deliver(created, type as LiveMessageType, JSON.stringify(payload));
        }),
      };
      room = created;
      rooms.set(gameId, room);
    }
    const userId = identity?.userId ?? null;
    const sub: Subscriber = { socket, monitor, playerId: monitor ? null : userId, userId, alive: true };
    room.subscribers.add(sub);
    const current = room;
    socket.on('pong', () => {
      sub.alive = true;
    });
    const leave = () => {
      current.subscribers.delete(sub);
      if (current.subscribers.size === 0 && rooms.get(gameId) === current) {
        current.unsubscribe();
        rooms.delete(gameId);
      }
    };
    socket.on('close', leave);
    socket.on('error', (error) => {
      deps.log.debug({ err: error, gameId }, 'live socket error');
      leave();
    });
    // Clients send nothing; anything they do send is ignored.
    socket.on('message', () => undefined);
  }

  return {
    join,
    subscriberCount(gameId: number): number {
      return rooms.get(gameId)?.subscribers.size ?? 0;
    },
    /** Games with a monitor's socket open on this process. */
    monitoredGames(): Set<number> {
      const games = new Set<number>();
      for (const [gameId, room] of rooms) {
        for (const sub of room.subscribers) {
          if (sub.monitor) {
            games.add(gameId);
            break;
          }
        }
      }
      return games;
    },
    /** Sends a message (serialised once) to the game's monitors on this process. */
    sendToMonitors(gameId: number, message: LiveMessage): void {
      const room = rooms.get(gameId);
      if (room) deliver(room, message.type, JSON.stringify(message), 'monitors');
    },
    /** Distinct signed-in players with a live socket on this process, by game. */
    playersOnline(): Map<number, number> {
      const counts = new Map<number, number>();
      for (const [gameId, room] of rooms) {
        const players = new Set<string>();
        for (const sub of room.subscribers) if (sub.playerId) players.add(sub.playerId);
        if (players.size > 0) counts.set(gameId, players.size);
      }
      return counts;
    },
    /** Open live connections of this process, every game together. */
    connectionCount(): number {
      let count = 0;
      for (const room of rooms.values()) count += room.subscribers.size;
      return count;
    },
    close(): void {
      clearInterval(heartbeat);
      stopScoreboard();
      stopResync();
      credentials.close();
      for (const room of rooms.values()) {
        room.unsubscribe();
        for (const sub of room.subscribers) sub.socket.close(1001, 'server shutting down');
      }
      rooms.clear();
    },
  };
}
export type LiveGateway = ReturnType<typeof createLiveGateway>;

/**
 * `GET /api/game/{id}/live`: websocket of the game's live messages, for anyone once the game has started. A
 * socket beyond the caller's or the process's live-connection cap is closed at once with its close code.
 */
export const liveRoutes =
  (deps: { gateway: LiveGateway; play: GamePlayService; admission: LiveAdmission }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/game/:id/live',
      {
        websocket: true,
        schema: {
          tags: ['Game'],
          summary:
            'Live messages of a game (websocket): notices, scoreboard changes; events and submissions for monitors',
          params: z.object({ id: IntId }),
        },
        config: { access: 'public' },
        // Refused before the upgrade, as a normal `{title, status}` response.
        preHandler: async (request) => {
          await deps.play.assertStarted(request.params.id);
        },
      },
      (socket, request) => {
        const caller = { address: request.ip, userId: request.identity?.userId ?? null };
        if (!admitWebSocket(deps.admission, 'game', socket, caller)) return;
        deps.gateway.join(request.params.id, socket, request.identity);
      },
    );
  };
