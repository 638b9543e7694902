import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';

export type EventHandler = (payload: unknown) => void;

/**
 * Publishes events to every server process: in memory for one process, Redis pub/sub when
 * several processes serve the platform. Handlers in the publishing process run too, so code
 * reacts the same way to its own changes and to changes made elsewhere.
 */
export interface EventBus {
  publish(channel: string, payload: unknown): Promise<void>;
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

  subscribe(channel: string, handler: EventHandler): () => void {
    this.emitter.on(channel, handler);
    return () => this.emitter.off(channel, handler);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

export class RedisEventBus implements EventBus {
  private readonly local = new MemoryEventBus();
  private readonly subscribed = new Set<string>();

  /** `subscriber` must be a dedicated connection: Redis puts it in subscribe mode. */
  constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly prefix = 'flagpole:events:',
  ) {
    subscriber.on('message', (fullChannel: string, message: string) => {
      if (!fullChannel.startsWith(prefix)) return;
      let payload: unknown;
      try {
        payload = JSON.parse(message);
      } catch {
        return;
      }
      void this.local.publish(fullChannel.slice(prefix.length), payload);
    });
  }

  async publish(channel: string, payload: unknown): Promise<void> {
    await this.publisher.publish(this.prefix + channel, JSON.stringify(payload));
  }

  subscribe(channel: string, handler: EventHandler): () => void {
    if (!this.subscribed.has(channel)) {
      this.subscribed.add(channel);
      void this.subscriber.subscribe(this.prefix + channel);
    }
    return this.local.subscribe(channel, handler);
  }

  async close(): Promise<void> {
    await this.local.close();
    this.subscriber.disconnect();
    this.publisher.disconnect();
  }
}
