import { describe, expect, it, vi } from 'vitest';
import { ApiError, createHttpClient, type HttpClientDeps, readCookie, TimeoutError } from './http';

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

function setup(responses: Array<Response | (() => Promise<Response>)>, overrides: Partial<HttpClientDeps> = {}) {
  const fetchMock = vi.fn<typeof fetch>(async () => {
    const next = responses.shift();
    if (!next) throw new Error('no more responses');
    return typeof next === 'function' ? next() : next;
  });
  const sleep = vi.fn(async (_ms: number) => {});
  const client = createHttpClient({
    fetch: fetchMock,
    language: () => 'de-DE',
    xsrfToken: () => 'xsrf-value',
    sleep,
    ...overrides,
  });
  return { client, fetchMock, sleep };
}

function sentHeaders(fetchMock: ReturnType<typeof setup>['fetchMock'], call = 0): Headers {
  return new Headers(fetchMock.mock.calls[call]?.[1]?.headers);
}

describe('http client: idempotent writes', () => {
  const submit = (client: ReturnType<typeof setup>['client']) =>
    client.request<number>('/api/game/1/challenges/2', {
      method: 'POST',
      body: { flag: 'x' },
      headers: { 'Idempotency-Key': 'k-1' },
      idempotent: true,
    });

  it('sends the same request again, key and all, when its answer is lost or the server is briefly away', async () => {
    const { client, fetchMock } = setup([
      async () => {
        throw new TypeError('Failed to fetch');
      },
      jsonResponse(503, { title: 'unavailable', status: 503 }, { 'retry-after': '0' }),
      jsonResponse(200, 41),
    ]);
    await expect(submit(client)).resolves.toBe(41);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    for (const call of [0, 1, 2]) expect(sentHeaders(fetchMock, call).get('idempotency-key')).toBe('k-1');
  });

  it('shows a refusal instead of retrying it, and never retries a write without a key', async () => {
    const limited = setup([jsonResponse(429, { title: 'slow down', status: 429 }, { 'retry-after': '1' })]);
    await expect(submit(limited.client)).rejects.toMatchObject({ httpStatus: 429 });
    expect(limited.fetchMock).toHaveBeenCalledTimes(1);
    const plain = setup([jsonResponse(503, { title: 'unavailable', status: 503 })]);
    await expect(plain.client.post('/api/game/1/challenges/2', { flag: 'x' })).rejects.toMatchObject({
      httpStatus: 503,
    });
    expect(plain.fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('http client', () => {
  it('parses JSON and sends Accept-Language on every call', async () => {
    const { client, fetchMock } = setup([jsonResponse(200, { title: 'x' })]);
    await expect(client.get('/api/config')).resolves.toEqual({ title: 'x' });
    expect(sentHeaders(fetchMock).get('accept-language')).toBe('de-DE');
    expect(sentHeaders(fetchMock).get('x-xsrf-token')).toBeNull();
  });

  it('sends the XSRF header and a JSON body on unsafe methods', async () => {
    const { client, fetchMock } = setup([new Response(null, { status: 200 })]);
    await expect(client.post('/api/account/login', { userName: 'a' })).resolves.toBeUndefined();
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"userName":"a"}');
    expect(sentHeaders(fetchMock).get('x-xsrf-token')).toBe('xsrf-value');
    expect(sentHeaders(fetchMock).get('content-type')).toBe('application/json');
  });

  it('leaves the content type of FormData to the browser', async () => {
    const { client, fetchMock } = setup([jsonResponse(200, '/assets/x/avatar')]);
    const form = new FormData();
    form.append('file', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await expect(client.put('/api/account/avatar', form)).resolves.toBe('/assets/x/avatar');
    expect(sentHeaders(fetchMock).get('content-type')).toBeNull();
  });

  it('maps error bodies to ApiError with title and status', async () => {
    const { client } = setup([jsonResponse(400, { title: 'Game has ended', status: 10002 })]);
    const error = await client.post('/api/game/1', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ title: 'Game has ended', httpStatus: 400, bodyStatus: 10002, isGameError: true });
  });

  it('uses the status text when the body is not JSON', async () => {
    const { client } = setup([new Response('oops', { status: 400, statusText: 'Bad Request' })]);
    await expect(client.get('/api/x')).rejects.toMatchObject({ title: 'Bad Request', httpStatus: 400 });
  });

  it('retries GET twice on retryable statuses, with back-off', async () => {
    const { client, fetchMock, sleep } = setup([
      jsonResponse(503, { title: 'busy', status: 503 }),
      jsonResponse(500, { title: 'busy', status: 500 }),
      jsonResponse(200, [1]),
    ]);
    await expect(client.get('/api/posts')).resolves.toEqual([1]);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([300, 600]);
  });

  it('gives up after two retries', async () => {
    const { client, fetchMock } = setup([
      jsonResponse(504, { title: 'a', status: 504 }),
      jsonResponse(504, { title: 'b', status: 504 }),
      jsonResponse(504, { title: 'c', status: 504 }),
    ]);
    await expect(client.get('/api/posts')).rejects.toMatchObject({ title: 'c', httpStatus: 504 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('honours Retry-After and reports it on the error', async () => {
    const { client, sleep } = setup([
      jsonResponse(429, { title: 'slow down', status: 429 }, { 'retry-after': '2' }),
      jsonResponse(200, 'ok'),
    ]);
    await expect(client.get('/api/x')).resolves.toBe('ok');
    expect(sleep).toHaveBeenCalledWith(2000);

    const { client: impatient } = setup([jsonResponse(429, { title: 'slow', status: 429 }, { 'retry-after': '60' })]);
    await expect(impatient.get('/api/x')).rejects.toMatchObject({ httpStatus: 429, retryAfterSeconds: 60 });
  });

  it('never retries POST or non-retryable statuses', async () => {
    const { client, fetchMock } = setup([jsonResponse(503, { title: 'busy', status: 503 })]);
    await expect(client.post('/api/account/register', {})).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    const second = setup([jsonResponse(404, { title: 'missing', status: 404 })]);
    await expect(second.client.get('/api/x')).rejects.toMatchObject({ httpStatus: 404 });
    expect(second.fetchMock).toHaveBeenCalledTimes(1);
  });

  it('times out', async () => {
    const hangingFetch: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    const { client } = setup([], { fetch: hangingFetch, timeoutMs: 20 });
    await expect(client.get('/api/slow')).rejects.toBeInstanceOf(TimeoutError);
  });

  it('reads cookies', () => {
    expect(readCookie('a=1; XSRF-TOKEN=abc%3D%3D; b=2', 'XSRF-TOKEN')).toBe('abc==');
    expect(readCookie('a=1', 'XSRF-TOKEN')).toBeUndefined();
  });
});
