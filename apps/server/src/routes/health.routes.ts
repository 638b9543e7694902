import { HealthResponse, ReadinessResponse } from '@flagpole/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ReadinessService } from '../services/readiness.service';

const HEALTHY = JSON.stringify(HealthResponse.parse({ status: 'ok' }));

/** Sends the serialised answer past the response serializer. */
const sendHealthy = (reply: FastifyReply) => reply.type('application/json; charset=utf-8').send(HEALTHY);

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
      {
        schema: { hide: true, response: { 200: HealthResponse } },
        config: { access: 'public' },
        logLevel: 'warn',
        // Fifteen bytes, far below the compression threshold: the compression hooks would only look.
        compress: false,
      },
      async (_request, reply) => {
        // Probes come every few seconds from every balancer: the one answer, serialised once.
        return sendHealthy(reply.header('cache-control', 'no-store'));
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
