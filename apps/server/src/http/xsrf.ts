import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomToken } from '../lib/crypto';
import { forbidden } from './errors';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

/**
 * Double-submit XSRF protection. A client without the cookie is given a random, script-readable
 * `XSRF-TOKEN` where it will need one: with the web application's pages, with account calls (which
 * is where sessions begin) and with any signed-in call. Anonymous reads of the public API (the
 * scoreboard under load) are not charged for a token they cannot use. An unsafe request
 * authenticated by the session cookie must echo the token in `X-XSRF-TOKEN`. A cross-site page can make the browser send the cookie but cannot read it.
 * API-token callers and anonymous callers carry no ambient authority and are not checked.
 * Runs after the identity is resolved (request-gate.ts).
 */
function needsToken(request: FastifyRequest): boolean {
  if (request.identity?.via === 'session') return true;
  const url = request.url.toLowerCase();
  return !url.startsWith('/api/') || url.startsWith('/api/account/');
}

/** Gives a client without the cookie a fresh token where it will need one. */
export function issueXsrfCookie(request: FastifyRequest, reply: FastifyReply): void {
  if (request.cookies[XSRF_COOKIE] || !needsToken(request)) return;
  reply.setCookie(XSRF_COOKIE, randomToken(32), {
    httpOnly: false,
    sameSite: 'lax',
    path: '/',
    secure: request.protocol === 'https',
  });
}

/**
 * The header must repeat the cookie. Compared in constant time; only the length can differ in time, and every
 * token this server issues has the same length.
 */
function echoesCookie(header: string | string[] | undefined, cookie: string | undefined): boolean {
  if (!cookie || typeof header !== 'string') return false;
  const expected = Buffer.from(cookie);
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Issues the cookie where needed and refuses (403) an unsafe request by session cookie without the echo. */
export function applyXsrfProtection(request: FastifyRequest, reply: FastifyReply): void {
  issueXsrfCookie(request, reply);
  if (!UNSAFE_METHODS.has(request.method) || request.identity?.via !== 'session') return;
  if (!echoesCookie(request.headers[XSRF_HEADER], request.cookies[XSRF_COOKIE])) throw forbidden('error.xsrf');
}
