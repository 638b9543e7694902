import { useSyncExternalStore } from 'react';
import { WsrxClient, type WsrxSnapshot } from './wsrx-client';
import { noticeForError, noticeForStateChange, type WsrxNotice } from './wsrx-notices';
import { parseWsrxOptions, WSRX_OPTIONS_KEY, type WsrxOptions } from './wsrx-options';
import { WSRX_CONNECT_DEBOUNCE_MS, type WsrxInstance } from './wsrx-types';

export interface WsrxView extends WsrxSnapshot {
  options: WsrxOptions;
  /** True while a connection attempt is running. */
  connecting: boolean;
}

function readStoredOptions(): WsrxOptions {
  try {
    return parseWsrxOptions(localStorage.getItem(WSRX_OPTIONS_KEY));
  } catch {
    return parseWsrxOptions(null);
  }
}

/**
 * The page's one connection to the local tunnel daemon. It connects when a page that needs it starts it
 * (only in PlatformProxy mode), again 100 ms after the options last changed, and reports what happens as
 * notifications through `notify`.
 */
export class WsrxStore {
  private options: WsrxOptions = readStoredOptions();
  private readonly client: WsrxClient;
  private readonly listeners = new Set<() => void>();
  private view: WsrxView;
  private started = false;
  private connecting = false;
  private debounce: ReturnType<typeof setTimeout> | null = null;
  /** Set while the player's own option change drops the connection, which is not news to them. */
  private quiet = false;

  constructor(private readonly notify: (notice: WsrxNotice) => void) {
    this.client = new WsrxClient(this.connection(), {
      fetch: (input, init) => globalThis.fetch(input, init),
      setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
      clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
    });
    this.view = this.buildView();
    this.client.subscribe((next, previous) => {
      const notice = this.quiet ? null : noticeForStateChange(previous.state, next.state);
      if (notice) this.notify(notice);
      this.publish();
    });
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getView = (): WsrxView => this.view;

  /** Begins talking to the daemon with the site named after the platform title; later calls only rename. */
  start(name: string): void {
    if (this.started && name === this.options.name) return;
    this.started = true;
    this.setOptions({ name });
  }

  setOptions(change: Partial<WsrxOptions>): void {
    this.options = { ...this.options, ...change };
    try {
      localStorage.setItem(WSRX_OPTIONS_KEY, JSON.stringify(this.options));
    } catch {
      // Private browsing may refuse storage; the options still apply to this page.
    }
    this.quiet = true;
    this.client.retarget(this.connection());
    this.quiet = false;
    this.publish();
    this.scheduleConnect();
  }

  reconnect(): void {
    this.scheduleConnect();
  }

  async add(instance: WsrxInstance): Promise<WsrxInstance | null> {
    try {
      return await this.client.add(instance);
    } catch (error) {
      this.report(error, false);
      return null;
    }
  }

  async remove(local: string): Promise<void> {
    await this.client.remove(local).catch((error: unknown) => this.report(error, false));
  }

  private scheduleConnect(): void {
    if (this.debounce) clearTimeout(this.debounce);
    this.debounce = null;
    if (!this.started || !this.options.enabled) {
      this.client.stop();
      return;
    }
    this.debounce = setTimeout(() => {
      this.debounce = null;
      void this.connect();
    }, WSRX_CONNECT_DEBOUNCE_MS);
  }

  private async connect(): Promise<void> {
    this.connecting = true;
    this.publish();
    try {
      await this.client.connect();
    } catch (error) {
      this.report(error, true);
    } finally {
      this.connecting = false;
      this.publish();
    }
  }

  private report(error: unknown, quietUnavailable: boolean): void {
    const notice = noticeForError(error, { quietUnavailable });
    if (notice) this.notify(notice);
  }

  private connection() {
    const host = typeof window === 'undefined' ? '' : window.location.host;
    return { api: this.options.api, name: this.options.name, host };
  }

  private buildView(): WsrxView {
    return { ...this.client.getSnapshot(), options: this.options, connecting: this.connecting };
  }

  private publish(): void {
    this.view = this.buildView();
    for (const listener of this.listeners) listener();
  }
}

let store: WsrxStore | null = null;
let notifier: (notice: WsrxNotice) => void = () => undefined;

/** Sets how daemon notices are shown (the UI layer passes a Mantine notification). */
export function setWsrxNotifier(notify: (notice: WsrxNotice) => void): void {
  notifier = notify;
}

export function wsrxStore(): WsrxStore {
  store ??= new WsrxStore((notice) => notifier(notice));
  return store;
}

export function useWsrx(): WsrxView {
  const instance = wsrxStore();
  return useSyncExternalStore(instance.subscribe, instance.getView);
}
