import type { CaptchaProvider } from '@flagpole/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';

/**
 * The Content-Security-Policy of the web application (and of every API answer, where only
 * `frame-ancestors` matters). Scripts come from this site only, never inline, so injected markup cannot
 * run. Styles allow 'unsafe-inline': Mantine writes its CSS variables and component styles into `<style>`
 * elements at run time; styles cannot run script, and every stored file is served with a stricter policy
 * of its own. Images may come from any https address (posts and challenge descriptions link pictures).
 * Connections go to this site (REST and websockets) and to the player's wsrx daemon, whose address the
 * player chooses (http://127.0.0.1:3307 by default), hence any http(s) address.
 */
export function contentSecurityPolicy(captcha: CaptchaProvider): string {
  const turnstile = captcha === 'CloudflareTurnstile';
  return [
    "default-src 'self'",
    `script-src 'self'${turnstile ? ` ${TURNSTILE_ORIGIN}` : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self' http: https:",
    "worker-src 'self'",
    `frame-src ${turnstile ? TURNSTILE_ORIGIN : "'none'"}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** A year: browsers that saw the site over HTTPS keep to HTTPS. */
const HSTS = 'max-age=31536000';

/**
 * Headers every answer carries: the policy above (unless the route set a stricter one, as stored files
 * do), `nosniff`, a referrer policy that sends other sites the origin only (password-reset and invite
 * links stay private), and HSTS on requests that came over HTTPS (directly, or per `X-Forwarded-Proto`
 * from a trusted proxy when TRUST_PROXY is on). Must be registered on the root before any route.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { captcha: CaptchaProvider }): void {
  const policy = contentSecurityPolicy(options.captcha);
  // A callback hook: an async one costs a promise per answer for no waiting.
  app.addHook('onSend', (request, reply, payload, done) => {
    applySecurityHeaders(request, reply, policy);
    done(null, payload);
  });
}

/** Sets the headers above on one answer; also used for errors the router raises before any hook runs. */
export function applySecurityHeaders(request: FastifyRequest, reply: FastifyReply, policy: string): void {
  if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', policy);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', 'strict-origin-when-cross-origin');
  if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
}
