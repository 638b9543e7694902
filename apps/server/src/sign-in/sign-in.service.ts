import type { SignInFailure } from '@flagpole/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import type { UserRow } from '../db/schema';
import type { Identity } from '../http/access';
import type { RequestContext } from '../http/request-context';
import type { Clock } from '../lib/clock';
import type { KeyValueStore } from '../lib/kv-store';
import { createUserRepository, type UserRepository } from '../repositories/user.repository';
import { isEmailDomainAllowed } from '../services/account-policy';
import type { StartedSession } from '../services/auth.service';
import type { SessionService } from '../services/session.service';
import type { SettingsService } from '../services/settings.service';
import type { CtftimeTeams } from './ctftime-team';
import { createIdentityRepository, type IdentityProvider, type IdentityRepository } from './identity.repository';
import { createAccountFor } from './new-account';
import { type FlowSecrets, type ProviderPerson, ProviderUnavailableError, type SignInClient } from './providers';
import { failureOf, SignInFailed } from './sign-in-failure';

/** How long the player has at the provider before the sign-in must start again. */
export const FLOW_TTL_MS = 10 * 60 * 1000;

interface StoredFlow extends FlowSecrets {
  provider: IdentityProvider;
  /** Set when a signed-in player links the identity to their account instead of signing in. */
  linkUserId?: string;
}

/** Where the browser goes next, and the session to set when the sign-in started one. */
export interface SignInOutcome {
  redirect: string;
  session?: StartedSession;
}

export interface SignInServiceDeps {
  db: Db;
  clients: readonly SignInClient[];
  identities: IdentityRepository;
  users: UserRepository;
  sessions: SessionService;
  settings: SettingsService;
  ctftimeTeams: CtftimeTeams;
  store: KeyValueStore;
  clock: Clock;
  publicUrl: string;
  log: FastifyBaseLogger;
}

const flowKey = (state: string) => `signin:${state}`;
export const callbackPath = (provider: IdentityProvider) => `/api/account/${provider}/callback`;
const failurePage = (linking: boolean, reason: SignInFailure) =>
  `/account/${linking ? 'profile' : 'login'}?signInError=${reason}`;

/**
 * Single sign-on (docs/integrations.md): the redirect to the provider, and the callback that signs the person in,
 * creates their account on first sign-in, or links the identity to the signed-in account. The flow's secrets stay
 * in the key-value store under the state, which the browser also carries in a cookie: a callback is accepted once,
 * from the browser that started it. Every failure ends on the sign-in (or profile) page with its reason.
 */
export function createSignInService(deps: SignInServiceDeps) {
  const clientOf = (provider: IdentityProvider) => deps.clients.find((c) => c.id === provider);

  async function takeFlow(state: string | undefined, cookieState: string | undefined): Promise<StoredFlow> {
    if (!state || state !== cookieState) throw new SignInFailed('stateInvalid');
    const stored = await deps.store.get(flowKey(state));
    if (!stored || !(await deps.store.take(flowKey(state)))) throw new SignInFailed('stateInvalid');
    return JSON.parse(stored) as StoredFlow;
  }

  /** The e-mail rules of the platform: with allowed domains set, a new or returning person needs a vouched address in them. */
  function ensureDomainAllowed(person: ProviderPerson, creating: boolean): void {
    const policy = deps.settings.get().accountPolicy;
    if (!policy.emailDomainList.trim()) return;
    if (!person.email) {
      if (creating) throw new SignInFailed('emailDomainNotAllowed');
      return;
    }
    if (!person.emailVerified || !isEmailDomainAllowed(policy, person.email)) {
      throw new SignInFailed('emailDomainNotAllowed');
    }
  }

  async function link(flow: StoredFlow & { linkUserId: string }, person: ProviderPerson): Promise<void> {
    const existing = await deps.identities.find(flow.provider, person.subject);
    if (existing && existing.user_id !== flow.linkUserId) throw new SignInFailed('alreadyLinked');
    if (existing) {
      await deps.identities.touch(flow.provider, person.subject, deps.clock.now(), person.displayName);
      return;
    }
    const row = {
      provider: flow.provider,
      subject: person.subject,
      user_id: flow.linkUserId,
      display_name: person.displayName,
      last_used_at: deps.clock.now(),
    };
    if (!(await deps.identities.insert(row))) throw new SignInFailed('alreadyLinked');
  }

  /** The account the identity opens, made on the first sign-in. */
  async function accountFor(provider: IdentityProvider, person: ProviderPerson): Promise<UserRow> {
    const existing = await deps.identities.find(provider, person.subject);
    ensureDomainAllowed(person, !existing);
    if (existing) {
      await deps.identities.touch(provider, person.subject, deps.clock.now(), person.displayName);
      const user = await deps.users.findById(existing.user_id);
      if (user) return user;
    }
    if (!deps.settings.get().accountPolicy.allowRegister) throw new SignInFailed('registrationDisabled');
    if (person.email && person.emailVerified && (await deps.users.findByEmail(person.email))) {
      throw new SignInFailed('emailTaken');
    }
    // The account and its identity are made together: a second first sign-in of the same person at the same
    // moment finds the identity taken and leaves no account behind.
    return deps.db.transaction().execute(async (trx) => {
      const user = await createAccountFor(createUserRepository(trx), person);
      const row = { provider, subject: person.subject, user_id: user.id, display_name: person.displayName };
      if (!(await createIdentityRepository(trx).insert({ ...row, last_used_at: deps.clock.now() }))) {
        throw new SignInFailed('alreadyLinked');
      }
      return user;
    });
  }

  return {
    /** The provider's authorization URL, and the state the browser keeps in a cookie until the callback. */
    async begin(provider: IdentityProvider, current: Identity | null): Promise<{ redirect: string; state?: string }> {
      const linking = current !== null;
      const client = clientOf(provider);
      if (!client) return { redirect: failurePage(linking, 'notConfigured') };
      try {
        const { url, flow } = await client.start(deps.publicUrl + callbackPath(provider));
        const stored: StoredFlow = { ...flow, provider, ...(current ? { linkUserId: current.userId } : {}) };
        await deps.store.set(flowKey(flow.state), JSON.stringify(stored), FLOW_TTL_MS);
        return { redirect: url.href, state: flow.state };
      } catch (error) {
        const reason = error instanceof ProviderUnavailableError ? 'providerUnavailable' : 'failed';
        deps.log.warn({ provider, reason, error: String(error) }, 'single sign-on could not start');
        return { redirect: failurePage(linking, reason) };
      }
    },

    /** Finishes the sign-in the provider redirected back to; never throws for anything the provider or browser did. */
    async complete(
      provider: IdentityProvider,
      query: URLSearchParams,
      cookieState: string | undefined,
      current: Identity | null,
      context: RequestContext,
    ): Promise<SignInOutcome> {
      let linking = current !== null;
      try {
        const flow = await takeFlow(query.get('state') ?? undefined, cookieState);
        linking = flow.linkUserId !== undefined;
        const client = clientOf(provider);
        if (!client || flow.provider !== provider) throw new SignInFailed('stateInvalid');
        // A link started by one account finishes only in that account's session.
        if (flow.linkUserId !== undefined && flow.linkUserId !== current?.userId)
          throw new SignInFailed('stateInvalid');
        const callbackUrl = new URL(`${deps.publicUrl}${callbackPath(provider)}?${query}`);
        const person = await client.finish(callbackUrl, flow);
        if (flow.linkUserId !== undefined) {
          await link({ ...flow, linkUserId: flow.linkUserId }, person);
          if (person.team) await deps.ctftimeTeams.join(flow.linkUserId, person.team);
          return { redirect: '/account/profile' };
        }
        const user = await accountFor(provider, person);
        context.identify?.(user.user_name);
        if (user.role === 'Banned') throw new SignInFailed('accountBanned');
        if (person.team) await deps.ctftimeTeams.join(user.id, person.team);
        if (current?.sessionHash) await deps.sessions.end(current.sessionHash);
        deps.log.info({ provider, user: user.user_name }, 'signed in with single sign-on');
        return { redirect: '/', session: await deps.sessions.start(user.id, context) };
      } catch (error) {
        const reason = failureOf(error);
        deps.log.info(
          { provider, reason, error: error instanceof SignInFailed ? undefined : String(error) },
          'single sign-on refused',
        );
        return { redirect: failurePage(linking, reason) };
      }
    },
  };
}
export type SignInService = ReturnType<typeof createSignInService>;
