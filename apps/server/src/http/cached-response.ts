import type { FastifyReply, FastifyRequest } from 'fastify';

/** A serialised body with its validator, built once when the data changes and served many times. */
export interface CachedBody {
  body: string;
  etag: string;
  lastModified: Date;
}

export function cachedBody(value: unknown, etag: string, lastModified: Date): CachedBody {
  return { body: JSON.stringify(value), etag: `W/"${etag}"`, lastModified };
}

/**
 * Sends a cached JSON body with ETag and Last-Modified, answering 304 when the client's copy
 * is current. Clients must revalidate each time (no-cache), so changes are seen at once.
 */
export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedBody,
  scope: 'public' | 'private' = 'public',
): FastifyReply {
  reply
    .header('etag', cached.etag)
    .header('last-modified', cached.lastModified.toUTCString())
    .header('cache-control', `${scope === 'private' ? 'private, ' : ''}no-cache, must-revalidate`);
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    const tags = ifNoneMatch.split(',').map((t) => t.trim());
    if (tags.includes(cached.etag) || tags.includes('*')) {
      return reply.code(304).send();
    }
  } else {
    const since = request.headers['if-modified-since'];
    if (since && Math.floor(cached.lastModified.getTime() / 1000) <= Math.floor(Date.parse(since) / 1000)) {
      return reply.code(304).send();
    }
  }
  return reply.type('application/json; charset=utf-8').send(cached.body);
}
