import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { ContainerService } from './containers/container.service';
import { createSharedSlots } from './containers/start-slots';
import type { ContainerEngine } from './containers/types';
import type { Db } from './db/database';
import { createHealthRepository } from './health/health.repository';
import { healthRoutes } from './health/health.routes';
import { createHealthService, type HealthService } from './health/health.service';
import { createHealthRunner } from './health/health-runner';
import { createHealthScheduler } from './health/health-scheduler';
import type { BlobStore } from './lib/blob-store';
import type { Clock } from './lib/clock';
import type { EventBus } from './lib/event-bus';
import type { KeyValueStore } from './lib/kv-store';
import { fileKey } from './services/file-store.service';
import type { ProcessLease } from './services/process-lease';
import type { WebhookEmitter } from './webhooks/webhook-queue';

/** How long a check's slot stays taken without renewal (its holder renews it while the check runs). */
const SLOT_TTL_MS = 6_000;

/** Reads a stored file whole, or null when it is missing or larger than `maxBytes`. */
async function readStored(blobs: BlobStore, hash: string, maxBytes: number): Promise<Buffer | null> {
  const found = await blobs.read(fileKey(hash));
  if (!found) return null;
  if (found.size > maxBytes) {
    found.stream.destroy();
    return null;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of found.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Challenge health checks (docs/operations.md, "Health checks"): the service and its routes, and, with an engine
 * that can run checks, the scheduler every process runs.
 */
export async function registerHealthChecks(
  app: FastifyInstance,
  deps: {
    config: Config;
    db: Db;
    clock: Clock;
    events: EventBus;
    store: KeyValueStore;
    blobs: BlobStore;
    engine: ContainerEngine | null;
    containers: ContainerService;
    lease: ProcessLease;
    webhooks?: WebhookEmitter;
  },
): Promise<{ service: HealthService; settle: () => Promise<void> }> {
  const { config, clock } = deps;
  const repository = createHealthRepository(deps.db);
  const engine = deps.engine?.runCheck ? deps.engine : null;
  let wake = () => {};
  const service = createHealthService({
    repository,
    available: engine !== null,
    clock,
    events: deps.events,
    log: app.log,
    webhooks: deps.webhooks,
    wake: () => wake(),
  });
  await app.register(healthRoutes({ health: service }));
  if (!engine) return { service, settle: async () => {} };

  const scheduler = createHealthScheduler({
    repository,
    runner: createHealthRunner({
      engine,
      instances: deps.containers,
      repository,
      readFile: (hash, maxBytes) => readStored(deps.blobs, hash, maxBytes),
      owner: config.CONTAINER_OWNER,
      publicUrl: config.publicUrl,
      clock,
      log: app.log,
    }),
    service,
    slots: createSharedSlots(deps.store, {
      name: `health-check:${config.CONTAINER_OWNER}`,
      limit: config.HEALTH_CHECK_CONCURRENCY,
      ttlMs: SLOT_TTL_MS,
    }),
    concurrency: config.HEALTH_CHECK_CONCURRENCY,
    leaseId: deps.lease.id,
    clock,
    log: app.log,
  });
  wake = () => void scheduler.wake();
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('onClose', async () => scheduler.stop());
  return { service, settle: () => scheduler.settle() };
}
