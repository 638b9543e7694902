import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/database';
import type { Clock } from './lib/clock';
import type { EventBus } from './lib/event-bus';
import type { FileStore } from './services/file-store.service';
import { createGameExportService } from './transfer/game-export.service';
import { createGameImportService } from './transfer/game-import.service';
import { transferRoutes } from './transfer/transfer.routes';

/** Game packages (export and import in the reference's layout) and CTFd imports. */
export async function registerTransfer(
  app: FastifyInstance,
  deps: { config: Config; db: Db; clock: Clock; events: EventBus; files: FileStore },
): Promise<void> {
  const exports = createGameExportService({ db: deps.db, files: deps.files, clock: deps.clock });
  const imports = createGameImportService({
    db: deps.db,
    files: deps.files,
    clock: deps.clock,
    events: deps.events,
    workDir: path.join(deps.config.filesDir, '.staging'),
    maxUploadBytes: deps.config.MAX_IMPORT_BYTES,
  });
  await app.register(transferRoutes({ exports, imports, maxImportBytes: deps.config.MAX_IMPORT_BYTES }));
}
