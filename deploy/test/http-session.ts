/**
 * fetch with a time limit. Node 20's fetch can wait forever on a connection reset after the request was
 * sent (Docker's port proxy does that while the container behind it is not listening yet), so every request
 * of these tests is bounded.
 */
export function fetchWithin(url: string | URL, init: RequestInit = {}, ms = 15_000): Promise<Response> {
  return fetch(url, { ...init, signal: AbortSignal.timeout(ms) });
}

/**
 * A browser-like client of a running platform over real HTTP: keeps cookies, echoes the XSRF cookie in
 * `X-XSRF-TOKEN` as the web application does, and throws with the status and body on any non-2xx answer.
 */
export class HttpSession {
  private readonly cookies = new Map<string, string>();

  constructor(readonly base: string) {}

  async send(method: string, path: string, body?: unknown, raw?: { data: Buffer; type: string }): Promise<Response> {
    const headers: Record<string, string> = {};
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    let payload: BodyInit | undefined;
    if (raw) {
      headers['content-type'] = raw.type;
      payload = new Uint8Array(raw.data);
    } else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetchWithin(`${this.base}${path}`, { method, headers, body: payload, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (value === '' || /max-age=0/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  async call<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await this.send(method, path, body);
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }
}
