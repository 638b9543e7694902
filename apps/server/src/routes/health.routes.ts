import { HealthResponse } from '@flagpole/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { Db } from '../db/database';

export const healthRoutes =
  (deps: { db: Db }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/healthz',
      { schema: { hide: true, response: { 200: HealthResponse } }, config: { access: 'public' }, logLevel: 'warn' },
      async () => {
        await sql`select 1`.execute(deps.db);
        return { status: 'ok' as const, database: 'ok' as const };
      },
    );
  };
