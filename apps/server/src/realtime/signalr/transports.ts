import type { FastifyReply } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { EventBus } from '../../lib/event-bus';
import { HubConnection, type HubTransport } from './hub-connection';

/** Liveness is measured on the process's own monotonic clock, not the injectable business clock. */
export const monotonicNow = () => performance.now();

const textOf = (data: RawData): string => {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
};

/** The WebSockets transport: each text frame carries whole or partial records, in both directions. */
export function webSocketConnection(socket: WebSocket): HubConnection {
  const transport: HubTransport = {
    name: 'WebSockets',
    send: (text) => {
      if (socket.readyState === socket.OPEN) socket.send(text);
    },
    end: () => socket.close(1000),
    bufferedBytes: () => socket.bufferedAmount,
  };
  const connection = new HubConnection(transport, monotonicNow());
  socket.on('message', (data) => connection.receive(textOf(data), monotonicNow()));
  socket.on('close', () => connection.transportClosed());
  socket.on('error', () => {
    socket.terminate();
    connection.transportClosed();
  });
  return connection;
}

/** One Server-Sent Event whose data is `text` (one `data:` line per line of text). */
const eventOf = (text: string) =>
  `${text
    .split(/\r\n|\r|\n/)
    .map((line) => `data: ${line}\r\n`)
    .join('')}\r\n`;

/**
 * The Server-Sent Events transport: the response stays open and carries server messages as events; the
 * client's messages arrive by POST (see `EventStreamSends`). The reply is taken over from Fastify.
 */
export function eventStreamConnection(reply: FastifyReply): HubConnection {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache, no-store',
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });
  // Some clients report the stream open only once something arrives: a comment line does it.
  raw.write(':\r\n\r\n');
  const transport: HubTransport = {
    name: 'ServerSentEvents',
    send: (text) => {
      if (!raw.writableEnded) raw.write(eventOf(text));
    },
    end: () => raw.end(),
    bufferedBytes: () => raw.writableLength,
  };
  const connection = new HubConnection(transport, monotonicNow());
  raw.on('close', () => connection.transportClosed());
  raw.on('error', () => connection.transportClosed());
  return connection;
}

/** Event-bus channel carrying a client's POSTed text to the process that holds its event stream. */
export const HUB_SENDS_CHANNEL = 'hubs:sends';

/**
 * Routes the POSTs of event-stream clients to their connection. Without sticky sessions a POST may reach a
 * process other than the one holding the stream: it is handed on through the event bus, and whichever
 * process holds the connection takes it. The channel is subscribed for the process's whole life, so the
 * first POST (the handshake) of a new stream is never lost to a subscription still being set up.
 */
export function createEventStreamSends(deps: { events: EventBus }) {
  const streams = new Map<string, HubConnection>();
  const keyOf = (hub: string, id: string) => `${hub}:${id}`;

  const unsubscribe = deps.events.subscribe(HUB_SENDS_CHANNEL, (payload) => {
    const { key, text } = (payload ?? {}) as { key?: unknown; text?: unknown };
    if (typeof key !== 'string' || typeof text !== 'string') return;
    streams.get(key)?.receive(text, monotonicNow());
  });

  return {
    has(hub: string, id: string): boolean {
      return streams.has(keyOf(hub, id));
    },

    /** Makes `connection` the receiver of POSTs with this id until it closes. */
    register(hub: string, id: string, connection: HubConnection): void {
      const key = keyOf(hub, id);
      streams.set(key, connection);
      connection.once('close', () => {
        if (streams.get(key) === connection) streams.delete(key);
      });
    },

    /** Text POSTed by a client: taken here when this process holds its stream, else handed on. */
    async deliver(hub: string, id: string, text: string): Promise<void> {
      const key = keyOf(hub, id);
      const local = streams.get(key);
      if (local) {
        local.receive(text, monotonicNow());
        return;
      }
      await deps.events.publish(HUB_SENDS_CHANNEL, { key, text });
    },

    close(): void {
      unsubscribe();
      streams.clear();
    },
  };
}
export type EventStreamSends = ReturnType<typeof createEventStreamSends>;
