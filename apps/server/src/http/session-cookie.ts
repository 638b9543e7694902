import type { FastifyReply, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'flagpole_session';

/** Sets the session cookie: HttpOnly, SameSite=Lax, Secure when the request came over HTTPS. */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: request.protocol === 'https',
    expires: expiresAt,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: request.protocol === 'https',
  });
}

export function sessionCookieOf(request: FastifyRequest): string | undefined {
  const value = request.cookies[SESSION_COOKIE];
  return value && value.length <= 256 ? value : undefined;
}
