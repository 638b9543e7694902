import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPrivateAddress } from './address-guard';

/** The start of a receiver's answer kept in the delivery log. */
export const EXCERPT_BYTES = 1024;

export interface SendResult {
  /** The HTTP status; null when no answer came (refused address, network error, timeout). */
  statusCode: number | null;
  latencyMs: number;
  /** The first bytes of the answer's body (at most 1 KB). */
  excerpt: string | null;
  error: string | null;
}

export interface SendOptions {
  /** Lets loopback and private addresses through (`WEBHOOK_ALLOW_PRIVATE`, tests). */
  allowPrivate: boolean;
  timeoutMs: number;
}

/** Thrown before connecting: the endpoint's host names a loopback, private or link-local address. */
export class RefusedAddressError extends Error {}

/** Every address of a host, refused as a whole when any of them is not public. */
export async function resolvePublic(host: string, allowPrivate: boolean): Promise<{ address: string; family: number }> {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  const addresses = isIP(bare) ? [{ address: bare, family: isIP(bare) }] : await lookup(bare, { all: true });
  const first = addresses[0];
  if (!first) throw new RefusedAddressError(`${host} has no address`);
  if (!allowPrivate) {
    const refused = addresses.find((a) => isPrivateAddress(a.address));
    if (refused) throw new RefusedAddressError(`${host} resolves to a private address (${refused.address})`);
  }
  return first;
}

/**
 * POSTs one body to a URL and reports what happened, never throwing. Redirects are not followed (a 3xx is a failed
 * delivery): a public endpoint could otherwise send the request on to a private address. The connection goes to
 * the address that was checked.
 */
export async function sendWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: SendOptions,
): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return { statusCode: null, latencyMs: 0, excerpt: null, error: 'invalid URL' };
  }
  let resolved: { address: string; family: number };
  try {
    resolved = await resolvePublic(target.hostname, options.allowPrivate);
  } catch (error) {
    return { statusCode: null, latencyMs: elapsed(), excerpt: null, error: messageOf(error) };
  }
  const pinned: LookupFunction = (_host, lookupOptions, callback) => {
    if ((lookupOptions as { all?: boolean }).all) callback(null, [resolved]);
    else callback(null, resolved.address, resolved.family);
  };
  const client = target.protocol === 'https:' ? https : http;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (result: Omit<SendResult, 'latencyMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, latencyMs: elapsed() });
    };
    const request = client.request(
      target,
      {
        method: 'POST',
        lookup: pinned,
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'Flagpole-Webhooks',
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          const excerpt = Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8');
          finish({ statusCode: response.statusCode ?? null, excerpt, error: null });
          response.destroy();
        };
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= EXCERPT_BYTES) done();
        });
        response.on('end', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      finish({ statusCode: null, excerpt: null, error: `timed out after ${options.timeoutMs} ms` });
      request.destroy();
    }, options.timeoutMs);
    request.on('error', (error) => finish({ statusCode: null, excerpt: null, error: messageOf(error) }));
    request.end(body);
  });
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
