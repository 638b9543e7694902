import { describe, expect, it } from 'vitest';
import { noticeForError, noticeForStateChange } from './wsrx-notices';
import { WSRX_MESSAGES, WsrxError, WsrxState } from './wsrx-types';

describe('notifications for daemon failures', () => {
  it('shows a version mismatch in orange with its message', () => {
    expect(
      noticeForError(new WsrxError('version_mismatch', WSRX_MESSAGES.versionTooLow), { quietUnavailable: true }),
    ).toEqual({
      title: 'versionMismatch',
      color: 'orange',
      message: { key: 'versionTooLow' },
    });
  });

  it('keeps a daemon that is not running quiet while connecting, but not otherwise', () => {
    const error = new WsrxError('daemon_unavailable', WSRX_MESSAGES.connectFailed);
    expect(noticeForError(error, { quietUnavailable: true })).toBeNull();
    expect(noticeForError(error, { quietUnavailable: false })).toEqual({
      title: 'unavailable',
      color: 'red',
      message: { key: 'connectFailed' },
    });
  });

  it('passes the daemon text through for daemon errors and shows unknown failures as unknown', () => {
    expect(noticeForError(new WsrxError('daemon_error', 'port in use'), { quietUnavailable: true })).toEqual({
      title: 'daemonError',
      color: 'red',
      message: { text: 'port in use' },
    });
    expect(noticeForError(new Error('boom'), { quietUnavailable: true })).toEqual({
      title: 'unknown',
      color: 'red',
      message: { key: 'unknown' },
    });
  });

  it('announces going offline only on a change to Invalid from another state', () => {
    expect(noticeForStateChange(WsrxState.Usable, WsrxState.Invalid)?.title).toBe('offline');
    expect(noticeForStateChange(WsrxState.Pending, WsrxState.Invalid)?.title).toBe('offline');
    expect(noticeForStateChange(WsrxState.Invalid, WsrxState.Invalid)).toBeNull();
    expect(noticeForStateChange(WsrxState.Invalid, WsrxState.Usable)).toBeNull();
  });
});
