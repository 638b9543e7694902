import type { AddressInfo } from 'node:net';
import {
  DefaultHttpClient,
  HttpClient,
  type HttpRequest,
  type HttpResponse,
  type HttpTransportType,
  type HubConnection,
  HubConnectionBuilder,
  LogLevel,
  NullLogger,
} from '@microsoft/signalr';
import type { FastifyInstance } from 'fastify';

/**
 * Live hub clients for the tests: Microsoft's own SignalR client (`@microsoft/signalr`), as the reference
 * platform's web application and bots use it, pointed at a listening test app.
 */

export const baseUrl = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

/** Sends an event stream's POSTs to another process, as a load balancer without sticky sessions may. */
class SendsElsewhere extends HttpClient {
  private readonly inner = new DefaultHttpClient(NullLogger.instance);

  constructor(
    private readonly from: string,
    private readonly to: string,
  ) {
    super();
  }

  send(request: HttpRequest): Promise<HttpResponse> {
    const url = request.url ?? '';
    const moved = request.method === 'POST' && !url.includes('/negotiate') ? url.replace(this.from, this.to) : url;
    return this.inner.send({ ...request, url: moved });
  }

  override getCookieString(url: string): string {
    return this.inner.getCookieString(url);
  }
}

export interface HubClientOptions {
  transport: HttpTransportType;
  /** The Cookie header of a signed-in browser. */
  cookie?: string;
  /** An API token, given the way SignalR clients give it (`accessTokenFactory`). */
  token?: string;
  /** Another app that receives the client's POSTs (event streams). */
  sendsTo?: FastifyInstance;
  /** More request headers (e.g. X-Forwarded-For behind a trusted proxy). */
  headers?: Record<string, string>;
}

export interface HubClient {
  connection: HubConnection;
  /** Arguments received, by method name. */
  received: (method: string) => unknown[];
  /** Resolves with the error the connection closed with (undefined for a clean close). */
  closed: Promise<Error | undefined>;
}

const METHODS = ['ReceivedGameNotice', 'ReceivedGameEvent', 'ReceivedSubmissions', 'ReceivedLog'];

export function buildHubConnection(app: FastifyInstance, path: string, options: HubClientOptions): HubConnection {
  return new HubConnectionBuilder()
    .withUrl(`${baseUrl(app)}${path}`, {
      transport: options.transport,
      headers: { ...options.headers, ...(options.cookie ? { cookie: options.cookie } : {}) },
      accessTokenFactory: options.token ? () => options.token ?? '' : undefined,
      httpClient: options.sendsTo ? new SendsElsewhere(baseUrl(app), baseUrl(options.sendsTo)) : undefined,
    })
    .configureLogging(LogLevel.None)
    .build();
}

/** Connects and records every hub method call; throws when the connection cannot start. */
export async function openHub(app: FastifyInstance, path: string, options: HubClientOptions): Promise<HubClient> {
  const connection = buildHubConnection(app, path, options);
  const calls = new Map<string, unknown[]>(METHODS.map((method) => [method, []]));
  for (const method of METHODS) {
    connection.on(method, (argument: unknown) => {
      calls.get(method)?.push(argument);
    });
  }
  const closed = new Promise<Error | undefined>((resolve) => connection.onclose(resolve));
  await connection.start();
  return { connection, received: (method) => calls.get(method) ?? [], closed };
}

/**
 * Connects and returns the reason the server refused: the close message's error after the handshake, or the
 * failure to start (a refused upgrade or stream). Fails when the connection stays open.
 */
export async function refusal(app: FastifyInstance, path: string, options: HubClientOptions): Promise<string> {
  const connection = buildHubConnection(app, path, options);
  const closed = new Promise<Error | undefined>((resolve) => connection.onclose(resolve));
  try {
    await connection.start();
  } catch (error) {
    return String(error);
  }
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${path} stayed open`)), 5000);
  });
  try {
    return String(await Promise.race([closed, timeout]));
  } finally {
    clearTimeout(timer);
  }
}
