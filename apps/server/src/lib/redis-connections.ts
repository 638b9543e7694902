import { Redis, type RedisOptions } from 'ioredis';

/** Where connection trouble is reported; the app's logger once it exists. */
export interface RedisOutageLog {
  warn(fields: object, message: string): void;
  info(fields: object, message: string): void;
}

/**
 * The three Redis connections of a process (key-value store, event publisher, event subscriber), made so
 * that an unreachable Redis never holds a request: commands fail at once while a connection is down (no
 * offline queue) and after `commandTimeoutMs` when it is stalled; reconnection is tried every second at
 * most. ioredis reports an error on every failed attempt: the outage is logged once, when the first
 * connection loses Redis, and once more when all of them have it back.
 */
export function createRedisConnections(
  url: string,
  log: () => RedisOutageLog,
  options: { commandTimeoutMs?: number } = {},
) {
  const base: RedisOptions = {
    // 100 ms, 200 ms, … then every second: a Redis that comes back is used again within a second.
    retryStrategy: (attempt) => Math.min(attempt * 100, 1_000),
    maxRetriesPerRequest: 0,
  };
  const commands: RedisOptions = {
    ...base,
    enableOfflineQueue: false,
    commandTimeout: options.commandTimeoutMs ?? 500,
  };
  const connections = {
    store: new Redis(url, commands),
    publisher: new Redis(url, commands),
    // SUBSCRIBE issued before the first connection waits for it; ioredis subscribes again after a loss.
    subscriber: new Redis(url, base),
  };
  const lost = new Set<string>();
  let outageStartedAt = 0;
  for (const [role, connection] of Object.entries(connections)) {
    let ready = false;
    const down = (error?: Error) => {
      if (!ready && lost.has(role)) return;
      ready = false;
      if (lost.size === 0) {
        outageStartedAt = Date.now();
        log().warn(
          { err: error?.message ?? 'connection closed' },
          'redis unreachable; retrying quietly until it is back',
        );
      }
      lost.add(role);
    };
    connection.on('error', (error: Error) => down(error));
    connection.on('close', () => {
      if (ready) down();
    });
    connection.on('ready', () => {
      ready = true;
      if (!lost.delete(role) || lost.size > 0) return;
      log().info({ downMs: Date.now() - outageStartedAt }, 'redis reachable again');
    });
  }
  return connections;
}
