import { HealthResponse, ReadinessResponse } from '@flagpole/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ReadinessService } from '../services/readiness.service';

/**
 * Probes for orchestrators and load balancers. `/healthz` (liveness) answers as long as the process serves
 * HTTP and touches nothing else, so a database outage never gets healthy processes restarted. `/readyz`
 * (readiness) checks the database, migrations and Redis, each bounded to about a second; 503 takes the
 * process out of rotation until they answer again.
 */
export const healthRoutes =
  (deps: { readiness: ReadinessService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/healthz',
      { schema: { hide: true, response: { 200: HealthResponse } }, config: { access: 'public' }, logLevel: 'warn' },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return { status: 'ok' as const };
      },
    );

    app.get(
      '/readyz',
      {
        schema: { hide: true, response: { 200: ReadinessResponse, 503: ReadinessResponse } },
        config: { access: 'public' },
        logLevel: 'warn',
      },
      async (_request, reply) => {
        const result = await deps.readiness.check();
        reply.header('cache-control', 'no-store');
        return reply.code(result.status === 'ready' ? 200 : 503).send(result);
      },
    );
  };
