import { LinkedIdentitiesModel, SignInProvider } from '@flagpole/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestContext, signedIn } from '../http/request-context';
import { EmptyBody, errorResponses } from '../http/schemas';
import { setSessionCookie } from '../http/session-cookie';
import type { LinkedIdentities } from './linked-identities.service';
import type { SignInService } from './sign-in.service';
import { FLOW_TTL_MS } from './sign-in.service';

const tags = ['Account'];
/** Carries the state of a sign-in in progress from the redirect out to the callback, in this browser only. */
const FLOW_COOKIE = 'flagpole_signin';
const FLOW_COOKIE_PATH = '/api/account';

const Redirect = (description: string) => EmptyBody.describe(description);
/** The provider's authorization response (RFC 6749 §4.1.2, RFC 9207): read whole by the OAuth library. */
const CallbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  iss: z.string().max(2048).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(2048).optional(),
});

function flowCookieOptions(request: FastifyRequest) {
  return { httpOnly: true, sameSite: 'lax' as const, path: FLOW_COOKIE_PATH, secure: request.protocol === 'https' };
}

function queryOf(request: FastifyRequest): URLSearchParams {
  const at = request.url.indexOf('?');
  return new URLSearchParams(at < 0 ? '' : request.url.slice(at + 1));
}

/** Single sign-on (docs/integrations.md): start and callback per provider, and the profile's linked identities. */
export const signInRoutes =
  (deps: { signIn: SignInService; identities: LinkedIdentities }): FastifyPluginAsyncZod =>
  async (app) => {
    for (const provider of SignInProvider.options) {
      const label = provider === 'oidc' ? 'OpenID Connect' : 'CTFtime';
      app.get(
        `/api/account/${provider}/login`,
        {
          schema: {
            tags,
            summary: `Start signing in with ${label} (linking it to the account when signed in): redirects to it`,
            response: { 302: Redirect('To the provider, or to the sign-in page with `signInError`') },
          },
          // Each start keeps a sign-in in the store for 10 minutes: as many per address as registrations.
          config: { access: 'public', rateLimit: 'register' },
        },
        async (request, reply: FastifyReply) => {
          const started = await deps.signIn.begin(provider, request.identity);
          if (started.state) {
            reply.setCookie(FLOW_COOKIE, started.state, {
              ...flowCookieOptions(request),
              maxAge: FLOW_TTL_MS / 1000,
            });
          }
          return reply.header('cache-control', 'no-store').redirect(started.redirect, 302);
        },
      );

      app.get(
        `/api/account/${provider}/callback`,
        {
          schema: {
            tags,
            summary: `Where ${label} sends the player back: signs in, creates the account or links the identity`,
            querystring: CallbackQuery,
            response: { 302: Redirect('To the platform, or to the sign-in page with `signInError`') },
          },
          config: { access: 'public' },
        },
        async (request, reply: FastifyReply) => {
          const outcome = await deps.signIn.complete(
            provider,
            queryOf(request),
            request.cookies[FLOW_COOKIE],
            request.identity,
            requestContext(request),
          );
          reply.clearCookie(FLOW_COOKIE, flowCookieOptions(request));
          if (outcome.session) setSessionCookie(request, reply, outcome.session.token, outcome.session.expiresAt);
          return reply.header('cache-control', 'no-store').redirect(outcome.redirect, 302);
        },
      );
    }

    app.get(
      '/api/account/identities',
      {
        schema: {
          tags,
          summary: 'The single sign-on identities linked to the signed-in account',
          response: { 200: LinkedIdentitiesModel, ...errorResponses(401, 403) },
        },
        config: { access: 'User' },
      },
      async (request) => deps.identities.list(signedIn(request)),
    );

    app.delete(
      '/api/account/identities/:provider',
      {
        schema: {
          tags,
          summary: 'Unlink a single sign-on identity (never the last way to sign in)',
          params: z.object({ provider: SignInProvider }),
          response: { 200: EmptyBody, ...errorResponses(400, 401, 403, 404) },
        },
        config: { access: 'User', audit: 'account.unlinkIdentity' },
      },
      async (request, reply) => {
        await deps.identities.unlink(signedIn(request), request.params.provider);
        return reply.send();
      },
    );
  };
