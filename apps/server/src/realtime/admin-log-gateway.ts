import type { AdminLiveMessage, HealthAlertModel, LogMessageModel, WebhookAlertModel } from '@flagpole/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { HEALTH_ALERTS_CHANNEL } from '../health/health.service';
import type { Identity } from '../http/access';
import type { Clock } from '../lib/clock';
import { BUS_RESYNC, type EventBus } from '../lib/event-bus';
import { ADMIN_LOGS_CHANNEL } from '../services/admin-logs.service';
import { WEBHOOK_ALERTS_CHANNEL } from '../webhooks/webhook-queue';
import { MISSED_MESSAGES_CLOSE_CODE } from './live-channel';
import { createSocketCredentials } from './socket-credentials';

/** A reader this far behind is dropped rather than buffered without bound. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/** `ws` sends a Buffer as binary unless told otherwise; the page reads text (JSON) frames. */
const TEXT_FRAME = { binary: false } as const;

/**
 * Websocket fan-out of new log entries (and health check alerts) to the administrators on the admin pages. The process
 * subscribes to the event bus only while someone is connected; entries from every process arrive
 * through it, each batch serialised once per message for all sockets. A reader who signs out, is demoted,
 * banned or deleted, or whose API token is withdrawn or expires, stops reading at once.
 */
export function createAdminLogGateway(deps: {
  events: EventBus;
  clock: Clock;
  log: FastifyBaseLogger;
  /** How often sockets are pinged; one that has not answered the previous ping by then is dropped. */
  heartbeatMs?: number;
  /** Counts the sockets dropped that way. */
  onIdleClose?: () => void;
}) {
  const sockets = new Map<WebSocket, { alive: boolean }>();
  const credentials = createSocketCredentials(deps);
  let unsubscribe: (() => void) | undefined;

  function deliver(live: AdminLiveMessage[]): void {
    // Encoded once, the same bytes written to every socket (see the live gateway).
    const messages = live.map((message) => Buffer.from(JSON.stringify(message)));
    for (const socket of sockets.keys()) {
      if (socket.readyState !== socket.OPEN) continue;
      if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
        socket.terminate();
        continue;
      }
      for (const message of messages) socket.send(message, TEXT_FRAME);
    }
  }

  // Entries may have been missed: readers reconnect and read the stored log again.
  const stopResync = deps.events.subscribe(BUS_RESYNC, () => {
    for (const socket of sockets.keys()) socket.close(MISSED_MESSAGES_CLOSE_CODE, 'missed messages; reload');
  });

  const heartbeat = setInterval(() => {
    for (const [socket, state] of sockets) {
      if (!state.alive) {
        socket.terminate();
        deps.onIdleClose?.();
        continue;
      }
      state.alive = false;
      socket.ping();
    }
  }, deps.heartbeatMs ?? 30_000);
  heartbeat.unref();

  /** Log entries, and health check and webhook alerts for the organisers' notifications (docs/operations.md). */
  function subscribeAll(): () => void {
    const stopLogs = deps.events.subscribe(ADMIN_LOGS_CHANNEL, (payload) => {
      if (Array.isArray(payload)) deliver((payload as LogMessageModel[]).map((data) => ({ type: 'log', data })));
    });
    const stopHealth = deps.events.subscribe(HEALTH_ALERTS_CHANNEL, (payload) => {
      deliver([{ type: 'health', data: payload as HealthAlertModel }]);
    });
    const stopWebhooks = deps.events.subscribe(WEBHOOK_ALERTS_CHANNEL, (payload) => {
      deliver([{ type: 'webhook', data: payload as WebhookAlertModel }]);
    });
    return () => {
      stopLogs();
      stopHealth();
      stopWebhooks();
    };
  }

  function leave(socket: WebSocket): void {
    sockets.delete(socket);
    if (sockets.size === 0 && unsubscribe) {
      unsubscribe();
      unsubscribe = undefined;
    }
  }

  return {
    join(socket: WebSocket, identity: Identity): void {
      const state = { alive: true };
      sockets.set(socket, state);
      credentials.watch(socket, identity);
      unsubscribe ??= subscribeAll();
      socket.on('pong', () => {
        state.alive = true;
      });
      socket.on('close', () => leave(socket));
      socket.on('error', (error) => {
        deps.log.debug({ err: error }, 'admin log socket error');
        leave(socket);
      });
      socket.on('message', () => undefined);
    },
    get size(): number {
      return sockets.size;
    },
    close(): void {
      clearInterval(heartbeat);
      stopResync();
      credentials.close();
      unsubscribe?.();
      unsubscribe = undefined;
      for (const socket of sockets.keys()) socket.close(1001, 'server shutting down');
      sockets.clear();
    },
  };
}
export type AdminLogGateway = ReturnType<typeof createAdminLogGateway>;
