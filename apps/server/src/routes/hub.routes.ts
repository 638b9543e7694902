import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Identity } from '../http/access';
import { AppError, badRequest } from '../http/errors';
import { type BearerTokenVerifier, identityOfBearer, invalidBearerToken } from '../http/identity';
import { upgradeRequired } from '../http/websocket-only';
import { randomToken } from '../lib/crypto';
import { HUB_NAMES, type LiveHubs } from '../realtime/live-hubs';
import { negotiateResponse } from '../realtime/signalr/protocol';
import { type EventStreamSends, eventStreamConnection, webSocketConnection } from '../realtime/signalr/transports';

/** Connection tokens are ours (URL-safe Base64); anything else names no connection. */
const CONNECTION_ID = /^[A-Za-z0-9_-]{1,128}$/;
/** What clients POST is pings, closes and the handshake: a few bytes. */
const SEND_BODY_LIMIT = 64 * 1024;

type Query = Record<string, string | string[] | undefined>;
const queryOf = (request: FastifyRequest) => (request.query ?? {}) as Query;

/** The `id` query value (the connection token); undefined when absent, 400 when malformed. */
function connectionIdOf(query: Query): string | undefined {
  const id = query.id;
  if (id === undefined) return undefined;
  if (typeof id !== 'string' || !CONNECTION_ID.test(id)) throw badRequest('error.invalidField', { field: 'id' });
  return id;
}

function requireConnectionId(query: Query): string {
  const id = connectionIdOf(query);
  if (id === undefined) throw badRequest('error.missingField', { field: 'id' });
  return id;
}

/** The negotiate version the client asks for: absent means 0. */
function negotiateVersionOf(query: Query): number {
  const value = query.negotiateVersion;
  if (value === undefined) return 0;
  if (typeof value !== 'string' || !/^\d{1,4}$/.test(value)) {
    throw badRequest('error.invalidField', { field: 'negotiateVersion' });
  }
  return Number(value);
}

const wantsEventStream = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/event-stream');

/**
 * The live hubs' HTTP side (`/hub/user`, `/hub/monitor`, `/hub/admin`), for SignalR clients:
 * `POST /hub/<name>/negotiate` answers a connection id and token (nothing is stored: any process may take
 * the connection); `GET /hub/<name>` is the WebSocket transport when upgraded and the Server-Sent Events
 * transport with `Accept: text/event-stream` (`id` = the token); `POST /hub/<name>?id=` carries an event
 * stream's client messages. Anyone may connect: each hub decides after the handshake (see live-hubs.ts).
 * Browsers cannot give websockets and event streams headers, so the connection also takes the API token as
 * the `access_token` query parameter, as SignalR clients send it.
 */
export const hubRoutes =
  (deps: { hubs: LiveHubs; sends: EventStreamSends; bearerTokens?: BearerTokenVerifier }): FastifyPluginAsync =>
  async (app) => {
    // Negotiate and sends are plain text, whatever content type a client gives them.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

    /** The caller of a connect request: header or cookie (already resolved), else `access_token`. */
    async function callerOf(request: FastifyRequest): Promise<Identity | null> {
      const token = queryOf(request).access_token;
      if (token === undefined || request.headers.authorization) return request.identity;
      if (typeof token !== 'string' || token.length > 2048 || !deps.bearerTokens) throw invalidBearerToken();
      const user = await deps.bearerTokens.verify(token);
      if (!user) throw invalidBearerToken();
      return identityOfBearer(user);
    }

    for (const hub of HUB_NAMES) {
      const path = `/hub/${hub}`;

      app.post(
        `${path}/negotiate`,
        { bodyLimit: 4096, schema: { hide: true }, config: { access: 'public', ignoresIdentity: true } },
        async (request) => negotiateResponse(negotiateVersionOf(queryOf(request)), randomToken(16), randomToken(32)),
      );

      app.route({
        method: 'GET',
        url: path,
        exposeHeadRoute: false,
        schema: { hide: true },
        config: { access: 'public' },
        // Refused before the upgrade or the stream, as a normal `{title, status}` response.
        preHandler: async (request) => {
          const query = queryOf(request);
          if (request.ws) connectionIdOf(query);
          else if (!wantsEventStream(request)) throw upgradeRequired('error.hubTransportRequired');
          else if (deps.sends.has(hub, requireConnectionId(query))) {
            throw new AppError(409, 'error.hubConnectionInUse');
          }
          request.identity = await callerOf(request);
        },
        wsHandler: (socket, request) => {
          const connection = webSocketConnection(socket);
          deps.hubs.accept(hub, connection, {
            game: queryOf(request).game,
            identity: request.identity,
            address: request.ip,
          });
        },
        handler: async (request, reply) => {
          const id = requireConnectionId(queryOf(request));
          const connection = eventStreamConnection(reply);
          deps.sends.register(hub, id, connection);
          deps.hubs.accept(hub, connection, {
            game: queryOf(request).game,
            identity: request.identity,
            address: request.ip,
          });
        },
      });

      app.post(
        path,
        { bodyLimit: SEND_BODY_LIMIT, schema: { hide: true }, config: { access: 'public', ignoresIdentity: true } },
        async (request, reply) => {
          const id = requireConnectionId(queryOf(request));
          const body = typeof request.body === 'string' ? request.body : '';
          await deps.sends.deliver(hub, id, body);
          return reply.send();
        },
      );
    }
  };
