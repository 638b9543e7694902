import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { migrate, openDatabase } from './db/database';
import { systemClock } from './lib/clock';
import { type EventBus, MemoryEventBus, RedisEventBus } from './lib/event-bus';
import { type KeyValueStore, MemoryStore, RedisStore } from './lib/kv-store';
import { ensureAdminAccount } from './services/startup.service';

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

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
  const db = await openDatabase({
    url: config.DATABASE_URL,
    embeddedDir: path.join(config.dataDir, 'db'),
    onIdleError: (error) =>
      console.error(JSON.stringify({ level: 40, msg: 'database connection dropped', err: error.message })),
  });
  await migrate(db);
  const store: KeyValueStore = config.REDIS_URL ? new RedisStore(new Redis(config.REDIS_URL)) : new MemoryStore();
  const events: EventBus = config.REDIS_URL
    ? new RedisEventBus(new Redis(config.REDIS_URL), new Redis(config.REDIS_URL))
    : new MemoryEventBus();
  const app = await buildApp({ config, db, clock: systemClock, store, events });
  await ensureAdminAccount({ db, adminPassword: config.ADMIN_PASSWORD, log: app.log });

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await store.close();
    await events.close();
    await db.destroy();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
}

await main();
