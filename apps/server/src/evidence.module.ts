import type { FastifyInstance } from 'fastify';
import type { Db } from './db/database';
import { createEvidenceRepository, type EvidenceRepository } from './evidence/evidence.repository';
import { evidenceRoutes } from './evidence/evidence.routes';
import { createEvidenceService, type EvidenceService } from './evidence/evidence.service';
import type { Clock } from './lib/clock';

/** How often each process offers to compute the evidence of running games (the database claim picks one). */
const TICK_MS = 60_000;

/** The attachment-download recorder, made before the asset routes that call it. */
export function evidenceDownloads(db: Db, clock: Clock, log: FastifyInstance['log']) {
  const repository = createEvidenceRepository(db);
  return {
    repository,
    /** Off the download's path: the insert runs after the answer starts and never fails it. */
    record(userId: string, hash: string): void {
      void repository
        .recordDownload(userId, hash, clock.now())
        .catch((error: unknown) => log.debug({ err: error }, 'flag-sharing evidence: download not recorded'));
    },
  };
}

/** Flag-sharing evidence (docs/operations.md, "Flag-sharing evidence"): the service, its routes, its minute tick. */
export async function registerEvidence(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; repository: EvidenceRepository; owner: string },
): Promise<EvidenceService> {
  const service = createEvidenceService({ ...deps, log: app.log });
  await app.register(evidenceRoutes({ evidence: service }));
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      running ??= service.tick().finally(() => {
        running = undefined;
      });
    }, TICK_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
  return service;
}
