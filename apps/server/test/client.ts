import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD';

export interface SendOptions {
  headers?: Record<string, string>;
  /** Leave out the X-XSRF-TOKEN header (it is sent by default, like the web app does). */
  withoutXsrf?: boolean;
  /** Raw body with its own content type instead of JSON. */
  raw?: { body: string | Buffer; contentType: string };
}

/**
 * A browser-like caller: keeps cookies between requests, echoes the XSRF cookie in the
 * X-XSRF-TOKEN header, and comes from its own client address.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    readonly address = '10.0.0.1',
  ) {}

  get sessionCookie(): string | undefined {
    return this.cookies.get('flagpole_session');
  }

  async send(method: Method, url: string, body?: unknown, options: SendOptions = {}): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...options.headers };
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (xsrf && !options.withoutXsrf) headers['x-xsrf-token'] = xsrf;
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    const request: InjectOptions = { method, url, headers, remoteAddress: this.address };
    if (options.raw) {
      headers['content-type'] = options.raw.contentType;
      request.payload = options.raw.body;
    } else if (body !== undefined) {
      request.payload = body as InjectOptions['payload'];
    }
    const response = await this.app.inject(request);
    for (const cookie of response.cookies as Array<{ name: string; value: string; expires?: Date; maxAge?: number }>) {
      const expired = cookie.value === '' || cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() < 1e12);
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  get(url: string, options?: SendOptions) {
    return this.send('GET', url, undefined, options);
  }
  post(url: string, body?: unknown, options?: SendOptions) {
    return this.send('POST', url, body, options);
  }
  put(url: string, body?: unknown, options?: SendOptions) {
    return this.send('PUT', url, body, options);
  }
}

export const STRONG_PASSWORD = 'Passw0rd!x';

/** Registers (open policy: signed in at once) and returns the signed-in client. */
export async function registerAndSignIn(
  app: FastifyInstance,
  userName: string,
  address = '10.0.0.1',
): Promise<TestClient> {
  const client = new TestClient(app, address);
  await client.get('/api/config');
  const response = await client.post('/api/account/register', {
    userName,
    email: `${userName.toLowerCase()}@example.com`,
    password: STRONG_PASSWORD,
  });
  if (response.statusCode !== 200) throw new Error(`register ${userName}: ${response.statusCode} ${response.body}`);
  return client;
}
