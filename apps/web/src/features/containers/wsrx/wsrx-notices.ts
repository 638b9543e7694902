import { WSRX_MESSAGES, WsrxError, type WsrxErrorKind, WsrxState } from './wsrx-types';

/** Which of the spec's helper notifications (section 8) a failure or state change gives, if any. */
export type WsrxNoticeTitle = 'versionMismatch' | 'unavailable' | 'daemonError' | 'offline' | 'unknown';
/** The key of a translated message, or the daemon's own text for failures it explained itself. */
export type WsrxNoticeMessage = { key: keyof typeof WSRX_MESSAGES | 'offline' | 'unknown' } | { text: string };

export interface WsrxNotice {
  title: WsrxNoticeTitle;
  color: 'orange' | 'red';
  message: WsrxNoticeMessage;
}

const MESSAGE_KEYS = new Map<string, keyof typeof WSRX_MESSAGES>(
  Object.entries(WSRX_MESSAGES).map(([key, text]) => [text, key as keyof typeof WSRX_MESSAGES]),
);

const TITLE_OF: Partial<Record<WsrxErrorKind, WsrxNoticeTitle>> = {
  version_mismatch: 'versionMismatch',
  daemon_unavailable: 'unavailable',
  daemon_error: 'daemonError',
};

function messageOf(error: WsrxError): WsrxNoticeMessage {
  const key = MESSAGE_KEYS.get(error.message);
  return key ? { key } : { text: error.message };
}

/**
 * The notification for a failed daemon call. A daemon that is simply not running is the normal case for most
 * players, so a failed connection attempt stays silent (`quietUnavailable`); the navbar shows the state.
 */
export function noticeForError(error: unknown, options: { quietUnavailable: boolean }): WsrxNotice | null {
  if (!(error instanceof WsrxError)) return { title: 'unknown', color: 'red', message: { key: 'unknown' } };
  if (error.kind === 'daemon_unavailable' && options.quietUnavailable) return null;
  const title = TITLE_OF[error.kind] ?? 'unknown';
  return { title, color: title === 'versionMismatch' ? 'orange' : 'red', message: messageOf(error) };
}

/** A daemon that was reachable and no longer is gets an 'offline' notification. */
export function noticeForStateChange(previous: WsrxState, next: WsrxState): WsrxNotice | null {
  if (next !== WsrxState.Invalid || previous === WsrxState.Invalid) return null;
  return { title: 'offline', color: 'red', message: { key: 'offline' } };
}
