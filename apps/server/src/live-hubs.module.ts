import type { FastifyInstance } from 'fastify';
import type { Db } from './db/database';
import type { BearerTokenVerifier } from './http/identity';
import type { Clock } from './lib/clock';
import type { EventBus } from './lib/event-bus';
import type { LiveChannelSettings } from './realtime/live-admission';
import { createLiveHubs, type LiveHubs } from './realtime/live-hubs';
import { createEventStreamSends } from './realtime/signalr/transports';
import { createLiveHubRepository } from './repositories/live-hub.repository';
import { hubRoutes } from './routes/hub.routes';

/**
 * The reference platform's SignalR hubs (`/hub/user`, `/hub/monitor`, `/hub/admin`), fed by the event bus
 * like our own live channels. Requires @fastify/websocket. Hub connections end before the server closes
 * (event streams would otherwise hold it open), inviting clients to reconnect elsewhere.
 */
export async function registerLiveHubs(
  app: FastifyInstance,
  deps: {
    db: Db;
    clock: Clock;
    events: EventBus;
    bearerTokens?: BearerTokenVerifier;
    /** The hubs' share of the live channels' budget, and their timeouts. */
    live: LiveChannelSettings;
  },
): Promise<LiveHubs> {
  const hubs = createLiveHubs({
    repository: createLiveHubRepository(deps.db),
    events: deps.events,
    clock: deps.clock,
    log: app.log,
    admission: deps.live.admission,
    // The reference's timing (clients ping every 15 s), shortened when the operator wants idle clients out sooner.
    keepAliveMs: Math.min(15_000, Math.max(500, Math.floor(deps.live.idleMs / 2))),
    clientTimeoutMs: Math.min(30_000, deps.live.idleMs),
    handshakeTimeoutMs: deps.live.handshakeMs,
  });
  const sends = createEventStreamSends({ events: deps.events });
  await app.register(hubRoutes({ hubs, sends, bearerTokens: deps.bearerTokens }));
  app.addHook('preClose', async () => {
    hubs.close();
    sends.close();
  });
  return hubs;
}
