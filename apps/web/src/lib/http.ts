import { DEFAULT_LANGUAGE, GameErrorCode } from '@flagpole/contract';

export const REQUEST_TIMEOUT_MS = 10_000;
export const RETRY_LIMIT = 2;
export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 413, 429, 500, 502, 503, 504]);
/**
 * Answers after which an idempotent write is sent again: its outcome never reached the client or the server
 * could not take it. A refusal (429 and the like) is the answer and is shown, not retried.
 */
export const LOST_ANSWER_STATUSES: ReadonlySet<number> = new Set([408, 500, 502, 503, 504]);
export const RETRY_METHODS: ReadonlySet<string> = new Set(['GET', 'PUT', 'HEAD', 'DELETE', 'OPTIONS', 'TRACE']);
const UNSAFE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);
/** Longer server-requested waits are not worth holding the user for; the error is shown instead. */
const MAX_RETRY_WAIT_MS = 10_000;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD' | 'OPTIONS' | 'TRACE';

/** An API failure: HTTP status, the server's `{title, status}` body (if any) and Retry-After. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** Localised message from the server, or a generic description. */
    readonly title: string,
    /** HTTP status; 0 when no response arrived. */
    readonly httpStatus: number,
    /** The body's `status`, which carries the game error codes 10001/10002. */
    readonly bodyStatus: number | undefined,
    readonly data: unknown,
    readonly retryAfterSeconds?: number,
  ) {
    super(title);
  }

  /** No answer at all: offline, the server down or unreachable, or no answer in time. */
  get isNetworkError(): boolean {
    return this.httpStatus === 0;
  }

  get isGameError(): boolean {
    return this.bodyStatus === GameErrorCode.GameNotStarted || this.bodyStatus === GameErrorCode.GameEnded;
  }
}

/** No answer within the time limit. */
export class TimeoutError extends ApiError {
  constructor(method: string, path: string) {
    super(`${method} ${path} timed out`, 0, undefined, undefined);
  }
}

/** The request never reached the server or no answer came back (the browser's "Failed to fetch"). */
export class NetworkError extends ApiError {
  constructor(method: string, path: string, cause: unknown) {
    super(`${method} ${path}: no answer from the server`, 0, undefined, undefined);
    this.cause = cause;
  }
}

/** Whether a failure means the server could not be reached (as opposed to an answer that refused). */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof ApiError) return error.isNetworkError;
  // fetch rejects with a TypeError when the network fails; an abort is the caller's own choice.
  return error instanceof TypeError;
}

export interface RequestOptions {
  method?: HttpMethod;
  /** Sent as JSON unless it is FormData. */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
  /**
   * Safe to send again even though the method is not (the request carries an Idempotency-Key): retried like
   * a GET, and also when no answer arrived at all (network failure, time-out), since the server answers a
   * repeat with the first outcome.
   */
  idempotent?: boolean;
}

export interface HttpClientDeps {
  fetch: typeof fetch;
  language: () => string;
  xsrfToken: () => string | undefined;
  sleep: (ms: number) => Promise<void>;
  timeoutMs?: number;
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function parseRetryAfter(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - Date.now()) / 1000);
}

export async function toApiError(response: Response): Promise<ApiError> {
  const data = await readBody(response).catch(() => undefined);
  const title =
    isRecord(data) && typeof data.title === 'string' && data.title
      ? data.title
      : response.statusText || `HTTP ${response.status}`;
  const bodyStatus = isRecord(data) && typeof data.status === 'number' ? data.status : undefined;
  return new ApiError(title, response.status, bodyStatus, data, parseRetryAfter(response.headers.get('retry-after')));
}

/** Exponential back-off (0.3 s, 0.6 s, …) unless the server said how long to wait. */
export function retryDelayMs(attempt: number, retryAfterSeconds: number | undefined): number {
  if (retryAfterSeconds !== undefined) return retryAfterSeconds * 1000;
  return 300 * 2 ** attempt;
}

export function createHttpClient(deps: HttpClientDeps) {
  const timeoutMs = deps.timeoutMs ?? REQUEST_TIMEOUT_MS;

  async function attempt(method: HttpMethod, url: string, path: string, options: RequestOptions): Promise<Response> {
    const headers = new Headers({ ...options.headers, Accept: 'application/json', 'Accept-Language': deps.language() });
    let body: BodyInit | undefined;
    if (options.body instanceof FormData) body = options.body;
    else if (options.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(options.body);
    }
    if (UNSAFE_METHODS.has(method)) {
      const token = deps.xsrfToken();
      if (token) headers.set('X-XSRF-TOKEN', token);
    }
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;
    try {
      return await deps.fetch(url, { method, headers, body, signal, credentials: 'same-origin' });
    } catch (error) {
      if (timeout.signal.aborted && !options.signal?.aborted) throw new TimeoutError(method, path);
      if (options.signal?.aborted) throw error;
      throw new NetworkError(method, path, error);
    } finally {
      clearTimeout(timer);
    }
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const method = options.method ?? 'GET';
    const url = buildUrl(path, options.query);
    const safe = RETRY_METHODS.has(method);
    const retryStatuses = safe ? RETRY_STATUSES : LOST_ANSWER_STATUSES;
    const retryable = safe || options.idempotent === true;
    for (let attemptNumber = 0; ; attemptNumber++) {
      let response: Response;
      try {
        response = await attempt(method, url, path, options);
      } catch (error) {
        // No answer at all: only a request that may be repeated is sent again (the caller's abort is final).
        const lost = options.idempotent === true && !options.signal?.aborted && attemptNumber < RETRY_LIMIT;
        if (!lost) throw error;
        await deps.sleep(retryDelayMs(attemptNumber, undefined));
        continue;
      }
      if (response.ok) return (await readBody(response)) as T;
      const error = await toApiError(response);
      const delay = retryDelayMs(attemptNumber, error.retryAfterSeconds);
      const canRetry =
        retryable && attemptNumber < RETRY_LIMIT && retryStatuses.has(response.status) && delay <= MAX_RETRY_WAIT_MS;
      if (!canRetry) throw error;
      await deps.sleep(delay);
    }
  }

  return {
    request,
    get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, options),
    post: <T = void>(path: string, body?: unknown) => request<T>(path, { method: 'POST', body }),
    put: <T = void>(path: string, body?: unknown) => request<T>(path, { method: 'PUT', body }),
    delete: <T = void>(path: string, body?: unknown) => request<T>(path, { method: 'DELETE', body }),
  };
}

export type HttpClient = ReturnType<typeof createHttpClient>;

export function readCookie(cookieHeader: string, name: string): string | undefined {
  for (const part of cookieHeader.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

let requestLanguage: string = DEFAULT_LANGUAGE;

/** Called by the i18n setup whenever the interface language changes. */
export function setRequestLanguage(language: string): void {
  requestLanguage = language;
}

export const http = createHttpClient({
  fetch: (input, init) => globalThis.fetch(input, init),
  language: () => requestLanguage,
  xsrfToken: () => (typeof document === 'undefined' ? undefined : readCookie(document.cookie, 'XSRF-TOKEN')),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
});

/** SWR fetcher: the key is the API path. */
export const fetcher = <T>(path: string): Promise<T> => http.get<T>(path);
