import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { type Caller, type ClientKind, clientKindFromArgs, type LoadClient, openLoadClient } from './game-load-client';

/**
 * A second speed figure for scenarios whose cost is mostly HTTP exchanges over loopback: the CPU a bare
 * `node:http` server spends per exchange, driven by the same client as the scenario (game-load-client.ts: raw or
 * undici, 50 connections, one request at a time on each; undici until 2026-11-25). The addition loop measures JavaScript alone; this measures what every answer
 * costs below the platform — the kernel's loopback path, Node's HTTP parser and its writes. The two moved apart
 * between two machines of the same kind two hours apart (2026-11-25 00:20 UTC: loop 255 ms, a third slower than
 * at 22:20, while the same code's server CPU per wrong flag doubled), so results print both.
 */
export interface HttpCalibration {
  /** Server CPU time (user + system, all threads) per exchange, µs. */
  serverMicrosPerExchange: number;
  exchangesPerSecond: number;
  client: ClientKind;
}

/** The bare server: a short JSON answer, like a status call's; `/cpu` answers the process's CPU time so far. */
const BARE_SERVER = `
const http = require('node:http');
const server = http.createServer((request, response) => {
  if (request.url === '/cpu') {
    const used = process.cpuUsage();
    response.end(String(used.user + used.system));
    return;
  }
  response.setHeader('content-type', 'application/json; charset=utf-8');
  response.end('{"data":"WrongAnswer","status":200}');
});
server.listen(0, '127.0.0.1', () => process.stdout.write(server.address().port + '\\n'));
`;

const CONNECTIONS = 50;
/** The bare exchanges carry no cookies. */
const ANONYMOUS: Caller = { headers: {} };

async function serverCpuMicros(client: LoadClient): Promise<number> {
  const answer = await client.sender(0)('GET', '/cpu', ANONYMOUS);
  return Number(answer.body);
}

/** Drives the server with one request at a time per connection for `ms`; returns how many were answered. */
async function drive(client: LoadClient, ms: number): Promise<number> {
  const until = performance.now() + ms;
  let answered = 0;
  const connection = async (worker: number) => {
    const send = client.sender(worker);
    while (performance.now() < until) {
      await send('GET', '/api/status', ANONYMOUS);
      answered++;
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, worker) => connection(worker)));
  return answered;
}

/** Starts the bare server as a process of its own (so its CPU time is its own); resolves with its port. */
export async function startBareServer(): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['-e', BARE_SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [firstOutput] = (await once(child.stdout, 'data')) as [Buffer];
  return { child, port: Number.parseInt(firstOutput.toString(), 10) };
}

/** Measures the bare exchange over `durationMs` after a warm-up of a third of it. */
export async function calibrateHttpExchange(kind: ClientKind, durationMs = 3_000): Promise<HttpCalibration> {
  const { child, port } = await startBareServer();
  try {
    const client = openLoadClient(kind, `http://127.0.0.1:${port}`, CONNECTIONS);
    try {
      await drive(client, durationMs / 3);
      const cpuBefore = await serverCpuMicros(client);
      const started = performance.now();
      const answered = await drive(client, durationMs);
      const seconds = (performance.now() - started) / 1000;
      const cpuAfter = await serverCpuMicros(client);
      return {
        serverMicrosPerExchange: (cpuAfter - cpuBefore) / answered,
        exchangesPerSecond: answered / seconds,
        client: kind,
      };
    } finally {
      await client.close();
    }
  } finally {
    child.kill('SIGTERM');
  }
}

export function describeHttpCalibration(c: HttpCalibration): string {
  return `bare node:http exchange ${c.serverMicrosPerExchange.toFixed(1)} µs of server CPU (${Math.round(c.exchangesPerSecond)}/s, ${CONNECTIONS} connections, ${c.client} client)`;
}

if (import.meta.url === `file://${process.argv[1]}`)
  console.log(describeHttpCalibration(await calibrateHttpExchange(clientKindFromArgs(process.argv))));
