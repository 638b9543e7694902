import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/database';
import type { Clock } from './lib/clock';
import type { EventBus } from './lib/event-bus';
import type { KeyValueStore } from './lib/kv-store';
import { createUserRepository } from './repositories/user.repository';
import type { SessionService } from './services/session.service';
import type { SettingsService } from './services/settings.service';
import { createCtftimeTeams } from './sign-in/ctftime-team';
import { createIdentityRepository } from './sign-in/identity.repository';
import { createLinkedIdentities } from './sign-in/linked-identities.service';
import { ctftimeClient, oidcClient, type SignInClient } from './sign-in/providers';
import { signInRoutes } from './sign-in/sign-in.routes';
import { createSignInService } from './sign-in/sign-in.service';

/** The single sign-on providers the configuration sets up, in the order their buttons are shown. */
export function signInClientsFrom(config: Config): SignInClient[] {
  const clients: SignInClient[] = [];
  if (config.OIDC_ISSUER && config.OIDC_CLIENT_ID && config.OIDC_CLIENT_SECRET) {
    clients.push(
      oidcClient({
        issuer: config.OIDC_ISSUER,
        clientId: config.OIDC_CLIENT_ID,
        clientSecret: config.OIDC_CLIENT_SECRET,
        name: config.OIDC_NAME,
        scopes: config.OIDC_SCOPES,
      }),
    );
  }
  if (config.CTFTIME_CLIENT_ID && config.CTFTIME_CLIENT_SECRET) {
    clients.push(
      ctftimeClient({
        baseUrl: config.CTFTIME_OAUTH_URL,
        clientId: config.CTFTIME_CLIENT_ID,
        clientSecret: config.CTFTIME_CLIENT_SECRET,
      }),
    );
  }
  return clients;
}

/** Single sign-on with OpenID Connect and CTFtime (docs/integrations.md): its services and routes. */
export async function registerSignIn(
  app: FastifyInstance,
  deps: {
    config: Config;
    db: Db;
    clock: Clock;
    events: EventBus;
    store: KeyValueStore;
    sessions: SessionService;
    settings: SettingsService;
    clients: readonly SignInClient[];
  },
): Promise<void> {
  const { config, db, clock, clients } = deps;
  const signIn = createSignInService({
    db,
    clients,
    identities: createIdentityRepository(db),
    users: createUserRepository(db),
    sessions: deps.sessions,
    settings: deps.settings,
    ctftimeTeams: createCtftimeTeams({ db, clock, events: deps.events }),
    store: deps.store,
    clock,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  const providerNames = Object.fromEntries(clients.map((client) => [client.id, client.name]));
  const identities = createLinkedIdentities({ db, providerNames, passwordSignIn: !config.OIDC_ONLY });
  await app.register(signInRoutes({ signIn, identities }));
}
