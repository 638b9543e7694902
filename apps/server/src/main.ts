import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { migrate, openDatabase } from './db/database';
import { systemClock } from './lib/clock';
import { type EventBus, MemoryEventBus, RedisEventBus } from './lib/event-bus';
import { type KeyValueStore, MemoryStore, RedisStore } from './lib/kv-store';
import { consoleLogStream } from './lib/logger';
import { ensureAdminAccount } from './services/startup.service';

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
/** A drain that takes longer than this (a request that never ends) gives way to exiting anyway. */
const DRAIN_LIMIT_MS = 30_000;

/** Until the app's logger exists, lines go to stderr in its format. */
interface EarlyLog {
  warn(fields: object, message: string): void;
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}
const line = (level: number) => (fields: object, msg: string) =>
  console.error(JSON.stringify({ level, time: Date.now(), ...fields, msg }));
let log: EarlyLog = { info: line(30), warn: line(40), error: line(50) };

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig({ WEB_DIST: defaultWebDist, ...process.env });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  let databaseLostAt = 0;
  const db = await openDatabase({
    url: config.DATABASE_URL,
    embeddedDir: path.join(config.dataDir, 'db'),
    connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_SECONDS * 1000,
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_SECONDS * 1000,
    // Once per outage, not once per failed request.
    onStateChange: (up, error) => {
      if (!up) {
        databaseLostAt = Date.now();
        log.error({ err: error?.message }, 'database unreachable; requests that need it get 503 until it is back');
      } else log.info({ downMs: Date.now() - databaseLostAt }, 'database reachable again');
    },
  });
  await migrate(db);
  // The Redis client is loaded only when Redis is configured: a single process (and `npm start`) does not carry it.
  const redis = config.REDIS_URL
    ? (await import('./lib/redis-connections')).createRedisConnections(config.REDIS_URL, () => log)
    : undefined;
  const store: KeyValueStore = redis ? new RedisStore(redis.store, config.REDIS_PREFIX) : new MemoryStore();
  const events: EventBus = redis
    ? new RedisEventBus(redis.publisher, redis.subscriber, `${config.REDIS_PREFIX}events:`)
    : new MemoryEventBus();
  const logStream = await consoleLogStream(config.LOG_FORMAT);
  const app = await buildApp({ config, db, clock: systemClock, store, events, logStream });
  log = app.log;
  await ensureAdminAccount({ db, adminPassword: config.ADMIN_PASSWORD, log: app.log });

  // SIGTERM drains: no new connections, requests in flight finish, live sockets close with 1001, the flag
  // checker finishes its running batch and gives up its lease (another process takes over the rest).
  let draining = false;
  const shutdown = async (signal: string) => {
    if (draining) return;
    draining = true;
    app.log.info({ signal }, 'shutting down: draining');
    setTimeout(() => {
      app.log.error('drain took too long; exiting');
      process.exit(1);
    }, DRAIN_LIMIT_MS).unref();
    await app.close();
    await store.close();
    await events.close();
    await db.destroy();
    app.log.info({ signal }, 'stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
}

await main();
