/** Connection state of the local tunnel daemon, numbered as the daemon protocol numbers them. */
export const WsrxState = { Invalid: 0, Pending: 1, Usable: 2 } as const;
export type WsrxState = (typeof WsrxState)[keyof typeof WsrxState];

export const WSRX_FEATURES = ['basic', 'pingfall'] as const;
export type WsrxFeature = (typeof WSRX_FEATURES)[number];

/** Oldest daemon version whose HTTP protocol this client speaks. */
export const WSRX_MINIMUM_VERSION = '0.4';
export const WSRX_DEFAULT_API = 'http://127.0.0.1:3307';
export const WSRX_POLL_INTERVAL_MS = 3000;
/** The pool is re-read on every this-many-th poll tick while usable. */
export const WSRX_SYNC_EVERY_TICKS = 5;
export const WSRX_CONNECT_DEBOUNCE_MS = 100;

/** One tunnel the daemon keeps: a local listening address forwarding to a remote websocket. */
export interface WsrxInstance {
  label?: string;
  remote: string;
  local: string;
  latency?: number;
}

export type WsrxErrorKind =
  | 'daemon_unavailable'
  | 'version_mismatch'
  | 'daemon_error'
  | 'scope_unverified'
  | 'missing_scope';

/** A failure talking to the daemon; `message` is the spec's fixed English text (section 8). */
export class WsrxError extends Error {
  override readonly name = 'WsrxError';
  constructor(
    readonly kind: WsrxErrorKind,
    message: string,
  ) {
    super(message);
  }
}

/** The spec's helper messages, word for word (section 8). */
export const WSRX_MESSAGES = {
  versionTooLow: `wsrx version is lower than required ${WSRX_MINIMUM_VERSION}`,
  versionCheckFailed: 'Failed to check wsrx version, is wsrx daemon running?',
  connectFailed: 'Failed to connect to wsrx daemon',
  syncFailed: 'Failed to sync instances, is wsrx daemon running?',
  addFailed: 'Failed to add instance, is wsrx daemon running?',
  deleteFailed: 'Failed to delete instance, is wsrx daemon running?',
} as const;
