import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../src/remote.js';

// A server that refuses the first calls with 429 and `Retry-After`, as Flagpole's per-user limit does.
let refusalsLeft = 0;
let retryAfter = '1';
let calls = 0;
const server = createServer((_request, response) => {
  calls++;
  if (refusalsLeft > 0) {
    refusalsLeft--;
    response.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': retryAfter });
    response.end(JSON.stringify({ title: 'Too many requests', status: 429 }));
    return;
  }
  response.writeHead(200, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify({ userId: 'u', userName: 'admin', role: 'Admin' }));
});
let url: string;

beforeAll(async () => {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

describe('the command under the server rate limit', () => {
  it('waits as Retry-After asks and goes on', async () => {
    refusalsLeft = 2;
    retryAfter = '1';
    calls = 0;
    const started = Date.now();
    await expect(createClient({ url, token: 't' }).profile()).resolves.toMatchObject({ userName: 'admin' });
    expect(calls).toBe(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
  });

  it('reports the refusal when the server asks for a wait it will not make', async () => {
    refusalsLeft = 1;
    retryAfter = '3600';
    calls = 0;
    await expect(createClient({ url, token: 't' }).profile()).rejects.toMatchObject({ status: 429 });
    expect(calls).toBe(1);
  });
});
