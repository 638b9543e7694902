import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import type { TestClient } from './client';

/** Websocket helpers shared by the live-channel tests (game live, admin live log, API tokens). */

export function wsUrl(app: FastifyInstance, path: string): string {
  const { port } = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}${path}`;
}

/** The Cookie header a browser signed in as `client` would send. */
export const cookieOf = (client: TestClient) =>
  [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

export interface OpenSocket<T> {
  ws: WebSocket;
  messages: T[];
  /** Resolves with the close code once the server (or the test) closes the socket. */
  closed: Promise<number>;
}

/** Opens a websocket and records every message it receives. */
export async function openSocket<T>(url: string, headers: Record<string, string> = {}): Promise<OpenSocket<T>> {
  const ws = new WebSocket(url, { headers });
  const messages: T[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(String(data)) as T));
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return { ws, messages, closed };
}

/** The HTTP status with which the server refuses to upgrade (101 when it accepts). */
export function upgradeStatus(url: string, headers: Record<string, string> = {}): Promise<number> {
  const ws = new WebSocket(url, { headers });
  return new Promise<number>((resolve) => {
    ws.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    ws.once('open', () => resolve(101));
    ws.once('error', () => resolve(-1));
  }).finally(() => ws.terminate());
}

export async function until(check: () => boolean, ms = 3000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Resolves with the close code, or rejects when the socket is still open after `ms`. */
export function closedWithin(socket: OpenSocket<unknown>, ms = 3000): Promise<number> {
  return Promise.race([
    socket.closed,
    new Promise<number>((_resolve, reject) => setTimeout(() => reject(new Error('socket still open')), ms)),
  ]);
}
