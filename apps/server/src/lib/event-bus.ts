import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';

export type EventHandler = (payload: unknown) => void;

/**
 * Local channel (payload `{}`): this process may have missed events of other processes (its Redis
 * connection was lost, or another process could not deliver some of its own). Every subscriber that keeps
 * state derived from events treats everything as changed: caches dropped, scoreboards read again, live
 * sockets told to reload.
 */
export const BUS_RESYNC = 'bus:resync';

/**
 * Publishes events to every server process: in memory for one process, Redis pub/sub when
 * several processes serve the platform. Handlers in the publishing process run too (at once, before
 * `publish` returns), so code reacts the same way to its own changes and to changes made elsewhere.
 * Publishing never waits for the network.
 */
export interface EventBus {
  publish(channel: string, payload: unknown): Promise<void>;
  /**
   * Hands `payload` to this process's handlers of `channel` only: a message that reached every process in another
   * message (several verdicts' live messages in one, services/verdict-sharing.ts) is delivered here as if published.
   */
  deliverHere(channel: string, payload: unknown): void;
  subscribe(channel: string, handler: EventHandler): () => void;
  close(): Promise<void>;
}

export class MemoryEventBus implements EventBus {
  private readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  async publish(channel: string, payload: unknown): Promise<void> {
    this.emitter.emit(channel, payload);
  }

  deliverHere(channel: string, payload: unknown): void {
    this.emitter.emit(channel, payload);
  }

  subscribe(channel: string, handler: EventHandler): () => void {
    this.emitter.on(channel, handler);
    return () => this.emitter.off(channel, handler);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

export interface RedisEventBusOptions {
  /** Messages kept while Redis is unreachable; beyond it the oldest are dropped and repaired by a resync. */
  bufferLimit?: number;
  /** How often both connections are pinged; one silent for twice this long is dropped and made again. */
  heartbeatMs?: number;
}

/** On the wire: the publishing bus (so it ignores its own messages, already delivered) and the payload. */
interface WireMessage {
  o: string;
  p: unknown;
}

/**
 * Redis pub/sub between processes, never in a request's way: handlers of this process run at once, and
 * the message goes to Redis in the background. While the publishing connection is down, messages wait in
 * a bounded buffer and go out in order once it is back; if any had to be dropped (buffer full, or a publish
 * that failed), every process is asked to resync. Whenever the subscribing connection becomes ready (after
 * a loss, and the first time), this process resyncs (`BUS_RESYNC`): it may have missed anything published
 * while it was not subscribed. Both connections
 * are pinged every `heartbeatMs`, so a stalled network is noticed and the connection made again.
 */
export class RedisEventBus implements EventBus {
  private readonly local = new MemoryEventBus();
  private readonly subscribed = new Set<string>();
  private readonly origin = randomUUID();
  private readonly buffer: Array<[string, string]> = [];
  private readonly bufferLimit: number;
  private readonly heartbeat: NodeJS.Timeout;
  private flushing = false;
  /** Connections with a PING in flight. */
  private readonly pinging = new Set<Redis>();
  /** Some message of this process never reached Redis: the others must resync. */
  private lost = false;
  private closed = false;

  /** `subscriber` must be a dedicated connection: Redis puts it in subscribe mode. */
  constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly prefix = 'flagpole:events:',
    options: RedisEventBusOptions = {},
  ) {
    this.bufferLimit = options.bufferLimit ?? 10_000;
    subscriber.on('message', (fullChannel: string, message: string) => {
      if (!fullChannel.startsWith(prefix)) return;
      let wire: WireMessage;
      try {
        wire = JSON.parse(message) as WireMessage;
      } catch {
        return;
      }
      if (typeof wire !== 'object' || wire === null || wire.o === this.origin) return;
      void this.local.publish(fullChannel.slice(prefix.length), wire.p);
    });
    // Every time the subscribing connection becomes ready (the first time too: until then, what this process
    // cached may have changed unannounced), this process resyncs once it is subscribed to every channel again
    // (ioredis re-subscribes too; a second SUBSCRIBE changes nothing), so nothing published after the
    // resync's reads can be missed.
    subscriber.on('ready', () => {
      const channels = [...this.subscribed].map((channel) => prefix + channel);
      void Promise.resolve(channels.length > 0 ? subscriber.subscribe(...channels) : undefined)
        .catch(() => undefined)
        .then(() => {
          if (!this.closed) void this.local.publish(BUS_RESYNC, {});
          this.markSubscribed();
        });
    });
    publisher.on('ready', () => this.flush());
    this.subscribe(BUS_RESYNC, () => undefined);
    const heartbeatMs = options.heartbeatMs ?? 1_000;
    this.heartbeat = setInterval(() => {
      this.ping(this.publisher, 2 * heartbeatMs);
      this.ping(this.subscriber, 2 * heartbeatMs);
    }, heartbeatMs);
    this.heartbeat.unref();
  }

  /**
   * A connection that does not answer a PING within `timeoutMs` is stalled: it is dropped and made again.
   * The verdict waits one more turn of the event loop, so an answer that arrived while the loop was busy
   * (a long computation) is read first and a busy process is not mistaken for a stalled network.
   */
  private ping(connection: Redis, timeoutMs: number): void {
    if (connection.status !== 'ready' || this.pinging.has(connection)) return;
    this.pinging.add(connection);
    let answered = false;
    connection.ping().then(
      () => {
        answered = true;
      },
      () => undefined,
    );
    setTimeout(() => {
      setImmediate(() => {
        this.pinging.delete(connection);
        if (!answered && !this.closed && connection.status === 'ready') connection.disconnect(true);
      });
    }, timeoutMs).unref();
  }

  async publish(channel: string, payload: unknown): Promise<void> {
    await this.local.publish(channel, payload);
    this.send(channel, JSON.stringify({ o: this.origin, p: payload } satisfies WireMessage));
  }

  deliverHere(channel: string, payload: unknown): void {
    this.local.deliverHere(channel, payload);
  }

  private send(channel: string, message: string): void {
    if (this.closed) return;
    if (this.buffer.length >= this.bufferLimit) {
      this.buffer.shift();
      this.lost = true;
    }
    this.buffer.push([this.prefix + channel, message]);
    this.flush();
  }

  /** Sends the buffered messages in order while the connection is ready. */
  private flush(): void {
    if (this.flushing || this.closed) return;
    this.flushing = true;
    void (async () => {
      try {
        while (this.buffer.length > 0 && this.publisher.status === 'ready') {
          // Everything buffered goes out back to back (one connection keeps the order); the next round
          // starts once Redis has answered this one.
          const round = this.buffer.splice(0, this.buffer.length);
          await Promise.all(
            round.map(([fullChannel, message]) =>
              this.publisher.publish(fullChannel, message).catch(() => {
                // Whether Redis got it is unknown; sending it again could deliver it twice. Resync instead.
                this.lost = true;
              }),
            ),
          );
        }
        if (this.lost && this.buffer.length === 0 && this.publisher.status === 'ready') {
          this.lost = false;
          const resync = JSON.stringify({ o: this.origin, p: {} } satisfies WireMessage);
          await this.publisher.publish(this.prefix + BUS_RESYNC, resync).catch(() => {
            this.lost = true;
          });
        }
      } finally {
        this.flushing = false;
      }
    })();
  }

  subscribe(channel: string, handler: EventHandler): () => void {
    if (!this.subscribed.has(channel)) {
      this.subscribed.add(channel);
      void this.subscriber.subscribe(this.prefix + channel).catch(() => undefined);
    }
    return this.local.subscribe(channel, handler);
  }

  private markSubscribed: () => void = () => undefined;
  /** Resolves once the subscribing connection was first ready and this process resynced (tests). */
  readonly firstSync: Promise<void> = new Promise((resolve) => {
    this.markSubscribed = resolve;
  });

  /** Messages waiting for the publishing connection (tests, shutdown). */
  get buffered(): number {
    return this.buffer.length;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.heartbeat);
    await this.local.close();
    this.subscriber.disconnect();
    this.publisher.disconnect();
  }
}
