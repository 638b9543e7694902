import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EmptyBody, errorResponses } from '../http/schemas';
import type { PendingSession, ProxyRoute, ProxyService } from './proxy.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The instance connection opened for a proxy upgrade, handed from the pre-handler to the socket. */
    proxySession?: PendingSession;
  }
}

/** Time allowed between the checks passing and the websocket being established. */
const UPGRADE_DEADLINE_MS = 10_000;
/** Route constraint of the contract is a GUID; anything else is simply not found, so the text is not limited. */
const Params = z.object({ id: z.string().max(64) });

/**
 * `/api/proxy/{id}` and `/api/proxy/noinst/{id}`: a websocket carrying a TCP stream to the instance. The GUID is
 * the capability (no sign-in), as players paste it into their local forwarding client. A plain request is a
 * health probe: 204 while the instance exists.
 */
export const proxyRoutes =
  (deps: { proxy: ProxyService }): FastifyPluginAsyncZod =>
  async (app) => {
    const register = (url: string, route: ProxyRoute, summary: string) => {
      app.route({
        method: 'GET',
        url,
        schema: {
          tags: ['Proxy'],
          summary,
          params: Params,
          response: { 204: EmptyBody, ...errorResponses(400, 404, 418, 429) },
        },
        config: { access: 'public' },
        preHandler: async (request) => {
          if (!request.ws) {
            await deps.proxy.probe(route, request.params.id);
            return;
          }
          const session = await deps.proxy.prepare(route, request.params.id, {
            address: request.ip,
            port: request.socket.remotePort ?? 0,
          });
          request.proxySession = session;
          const deadline = setTimeout(() => session.abandon(), UPGRADE_DEADLINE_MS);
          deadline.unref();
          request.raw.socket.once('close', () => {
            clearTimeout(deadline);
            session.abandon();
          });
        },
        handler: async (_request, reply) => {
          reply.code(204).send();
        },
        wsHandler: (socket, request) => {
          const session = request.proxySession;
          if (!session) {
            socket.close(1011, 'not prepared');
            return;
          }
          session.attach(socket);
        },
      });
    };
    register('/api/proxy/:id', 'instance', 'TCP over websocket to a team instance (204 probe without upgrade)');
    register('/api/proxy/noinst/:id', 'test', "TCP over websocket to an admin's test container");
  };
