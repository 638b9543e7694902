import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { vi } from 'vitest';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A webhook receiver on loopback for the API tests: it records every request and answers as `mode` says —
 * 204, 500, a redirect to itself, or never (the sender's timeout). `verify` checks a request with the Standard Webhooks library.
 * `port`: listen where a closed receiver listened (a receiver that was down and comes back); 0 picks a free one.
 */
export async function startReceiver(port = 0) {
  const received: Received[] = [];
  const hanging = new Set<import('node:http').ServerResponse>();
  const state = { mode: 'ok' as 'ok' | 'fail' | 'hang' | 'redirect' };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (state.mode === 'hang') {
        hanging.add(response);
        return;
      }
      if (state.mode === 'redirect') {
        response.writeHead(307, { location: `${request.url}/elsewhere` }).end();
        return;
      }
      if (state.mode === 'fail') {
        response.writeHead(500, { 'content-type': 'text/plain' }).end(`receiver down ${'x'.repeat(3000)}`);
        return;
      }
      response.writeHead(204).end();
    });
  });
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}/hook`,
    port: bound,
    received,
    state,
    /** The parsed body, verified with the endpoint's secret at the time the request was signed. */
    verify(request: Received, secret: string): unknown {
      const signedAt = Number(request.headers['webhook-timestamp']) * 1000;
      // The library refuses timestamps 5 minutes from its own clock; tests move the platform's clock by hours.
      vi.useFakeTimers({ toFake: ['Date'], now: signedAt });
      try {
        return new Webhook(secret).verify(request.body, request.headers as Record<string, string>);
      } finally {
        vi.useRealTimers();
      }
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
