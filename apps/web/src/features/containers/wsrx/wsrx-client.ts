import { compareVersions } from './version';
import {
  WSRX_FEATURES,
  WSRX_MESSAGES,
  WSRX_MINIMUM_VERSION,
  WSRX_POLL_INTERVAL_MS,
  WSRX_SYNC_EVERY_TICKS,
  WsrxError,
  type WsrxInstance,
  WsrxState,
} from './wsrx-types';

export interface WsrxConnection {
  /** Daemon API base, e.g. `http://127.0.0.1:3307`. */
  api: string;
  /** How the daemon lists this site to its user. */
  name: string;
  /** The page's host, which the daemon lets reach it once its user approves. */
  host: string;
}

export interface WsrxDeps {
  fetch: typeof fetch;
  setInterval: (callback: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
}

export interface WsrxSnapshot {
  state: WsrxState;
  instances: readonly WsrxInstance[];
}

type Listener = (snapshot: WsrxSnapshot, previous: WsrxSnapshot) => void;

function isInstance(value: unknown): value is WsrxInstance {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.local === 'string' && typeof record.remote === 'string';
}

function sameLocals(a: readonly WsrxInstance[], b: readonly WsrxInstance[]): boolean {
  if (a.length !== b.length) return false;
  const locals = new Set(a.map((instance) => instance.local));
  return b.every((instance) => locals.has(instance.local));
}

/**
 * Talks to the local tunnel daemon over its HTTP API: version check, scope registration, state polling and
 * the tunnel pool. Timers and fetch are injected so the whole state machine runs under test without a browser.
 */
export class WsrxClient {
  private snapshot: WsrxSnapshot = { state: WsrxState.Invalid, instances: [] };
  private readonly listeners = new Set<Listener>();
  private timer: unknown = null;
  private tick = 0;
  /** Bumped whenever the connection target changes, so answers for an old target are ignored. */
  private generation = 0;

  constructor(
    private connection: WsrxConnection,
    private readonly deps: WsrxDeps,
  ) {}

  getSnapshot = (): WsrxSnapshot => this.snapshot;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Points the client at another daemon or name; call `connect` afterwards. */
  retarget(connection: WsrxConnection): void {
    this.stop();
    this.connection = connection;
    this.update({ state: WsrxState.Invalid, instances: [] });
  }

  /** Stops polling; the state is left as it is. */
  stop(): void {
    this.generation++;
    if (this.timer !== null) this.deps.clearInterval(this.timer);
    this.timer = null;
  }

  /**
   * Version check, then state check, then a connect request if the daemon does not know this site yet; then
   * polling. Throws a WsrxError when the daemon cannot be used.
   */
  async connect(): Promise<void> {
    this.stop();
    const generation = this.generation;
    await this.checkVersion();
    await this.check().catch(() => undefined);
    if (generation !== this.generation) return;
    if (this.snapshot.state === WsrxState.Invalid) {
      const response = await this.request('/connect', {
        method: 'POST',
        body: {
          name: this.connection.name,
          features: WSRX_FEATURES,
          host: this.connection.host,
          state: 'pending',
        },
      }).catch(() => null);
      if (!response?.ok) {
        this.setState(WsrxState.Invalid);
        throw new WsrxError('daemon_unavailable', WSRX_MESSAGES.connectFailed);
      }
      await this.check().catch(() => undefined);
    }
    if (generation !== this.generation) return;
    if (this.snapshot.state === WsrxState.Usable) await this.sync().catch(() => undefined);
    this.startPolling(generation);
  }

  async checkVersion(): Promise<void> {
    let response: Response;
    try {
      response = await this.request('/version');
    } catch {
      this.setState(WsrxState.Invalid);
      throw new WsrxError('daemon_unavailable', WSRX_MESSAGES.versionCheckFailed);
    }
    if (response.status === 404) {
      this.setState(WsrxState.Invalid);
      throw new WsrxError('version_mismatch', WSRX_MESSAGES.versionTooLow);
    }
    const body: unknown = response.ok ? await response.json().catch(() => null) : null;
    const version =
      typeof body === 'object' && body !== null && typeof (body as { version?: unknown }).version === 'string'
        ? (body as { version: string }).version
        : null;
    if (version === null) {
      this.setState(WsrxState.Invalid);
      throw new WsrxError('daemon_error', WSRX_MESSAGES.versionCheckFailed);
    }
    if (compareVersions(version, WSRX_MINIMUM_VERSION) < 0) {
      this.setState(WsrxState.Invalid);
      throw new WsrxError('version_mismatch', WSRX_MESSAGES.versionTooLow);
    }
  }

  /** Reads whether the daemon lets this site in: 202 usable, 201 waiting for its user, anything else not. */
  async check(): Promise<WsrxState> {
    let response: Response;
    try {
      response = await this.request('/connect');
    } catch {
      this.setState(WsrxState.Invalid);
      throw new WsrxError('daemon_unavailable', WSRX_MESSAGES.connectFailed);
    }
    const state =
      response.status === 202 ? WsrxState.Usable : response.status === 201 ? WsrxState.Pending : WsrxState.Invalid;
    this.setState(state);
    if (response.status === 403) throw new WsrxError('missing_scope', WSRX_MESSAGES.connectFailed);
    if (state === WsrxState.Pending) throw new WsrxError('scope_unverified', WSRX_MESSAGES.connectFailed);
    if (state === WsrxState.Invalid) throw new WsrxError('daemon_unavailable', WSRX_MESSAGES.connectFailed);
    return state;
  }

  /** Re-reads the daemon's tunnel pool. */
  async sync(): Promise<void> {
    const response = await this.request('/pool').catch(() => null);
    if (!response) throw new WsrxError('daemon_error', WSRX_MESSAGES.syncFailed);
    if (!response.ok) throw new WsrxError('daemon_error', await this.failureText(response, WSRX_MESSAGES.syncFailed));
    const body: unknown = await response.json().catch(() => null);
    if (!Array.isArray(body)) throw new WsrxError('daemon_error', WSRX_MESSAGES.syncFailed);
    const instances = body.filter(isInstance);
    if (!sameLocals(instances, this.snapshot.instances)) {
      this.update({ ...this.snapshot, instances });
    }
  }

  /** Asks the daemon for a tunnel to `remote`; one that already exists is returned as it is. */
  async add(instance: WsrxInstance): Promise<WsrxInstance> {
    const existing = this.snapshot.instances.find((item) => item.remote === instance.remote);
    if (existing) return existing;
    const response = await this.request('/pool', { method: 'POST', body: instance }).catch(() => null);
    if (!response) throw new WsrxError('daemon_error', WSRX_MESSAGES.addFailed);
    if (!response.ok) throw new WsrxError('daemon_error', await this.failureText(response, WSRX_MESSAGES.addFailed));
    const body: unknown = await response.json().catch(() => null);
    if (!isInstance(body)) throw new WsrxError('daemon_error', WSRX_MESSAGES.addFailed);
    this.update({ ...this.snapshot, instances: [...this.snapshot.instances, body] });
    return body;
  }

  /** Closes the tunnel listening on `local`. */
  async remove(local: string): Promise<void> {
    const response = await this.request('/pool', { method: 'DELETE', body: { local } }).catch(() => null);
    if (!response) throw new WsrxError('daemon_error', WSRX_MESSAGES.deleteFailed);
    if (!response.ok) {
      throw new WsrxError('daemon_error', await this.failureText(response, WSRX_MESSAGES.deleteFailed));
    }
    this.update({ ...this.snapshot, instances: this.snapshot.instances.filter((item) => item.local !== local) });
  }

  private startPolling(generation: number): void {
    if (this.snapshot.state === WsrxState.Invalid) return;
    this.tick = 0;
    this.timer = this.deps.setInterval(() => void this.poll(generation), WSRX_POLL_INTERVAL_MS);
  }

  private async poll(generation: number): Promise<void> {
    await this.check().catch(() => undefined);
    if (generation !== this.generation) return;
    if (this.snapshot.state === WsrxState.Invalid) {
      this.stop();
      return;
    }
    if (this.snapshot.state !== WsrxState.Usable) return;
    this.tick = (this.tick + 1) % WSRX_SYNC_EVERY_TICKS;
    if (this.tick !== 0) return;
    // A daemon that stops answering the pool is as good as gone.
    await this.sync().catch(() => {
      if (generation === this.generation) {
        this.setState(WsrxState.Invalid);
        this.stop();
      }
    });
  }

  private async failureText(response: Response, fallback: string): Promise<string> {
    const text = await response.text().catch(() => '');
    return text.trim().slice(0, 300) || fallback;
  }

  private request(path: string, init: { method?: string; body?: unknown } = {}): Promise<Response> {
    const base = this.connection.api.replace(/\/+$/, '');
    return this.deps.fetch(`${base}${path}`, {
      method: init.method ?? 'GET',
      headers: init.body === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  }

  private setState(state: WsrxState): void {
    if (state !== this.snapshot.state) this.update({ ...this.snapshot, state });
  }

  private update(next: WsrxSnapshot): void {
    const previous = this.snapshot;
    this.snapshot = next;
    for (const listener of this.listeners) listener(next, previous);
  }
}
