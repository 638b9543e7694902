import { LIVE_LIMIT_CLOSE_CODES } from '@flagpole/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BACKOFF_MAX_MS,
  connectLive,
  LIMITED_BACKOFF_MAX_MS,
  type LiveSocket,
  limitedDelay,
  liveStateOf,
  liveUrl,
  parseLiveMessage,
  reconnectDelay,
} from './live';

describe('liveUrl', () => {
  it('follows the page scheme and host', () => {
    expect(liveUrl(7, { protocol: 'https:', host: 'ctf.example.org' })).toBe('wss://ctf.example.org/api/game/7/live');
    expect(liveUrl(7, { protocol: 'http:', host: 'localhost:8080' })).toBe('ws://localhost:8080/api/game/7/live');
  });
});

describe('parseLiveMessage', () => {
  it('accepts the contract messages', () => {
    const notice = { id: 3, time: 1_700_000_000_000, type: 'FirstBlood', values: ['Team', 'Chal'] };
    expect(parseLiveMessage(JSON.stringify({ type: 'notice', data: notice }))).toEqual({
      type: 'notice',
      data: notice,
    });
    expect(parseLiveMessage(JSON.stringify({ type: 'scoreboard', data: { gameId: 1 } }))).toEqual({
      type: 'scoreboard',
      data: { gameId: 1 },
    });
    expect(parseLiveMessage('{"type":"noticeRemoved","data":{"id":4}}')).toEqual({
      type: 'noticeRemoved',
      data: { id: 4 },
    });
  });

  it('drops anything else', () => {
    expect(parseLiveMessage('not json')).toBeNull();
    expect(parseLiveMessage('{"type":"unknown","data":{}}')).toBeNull();
    expect(parseLiveMessage('{"type":"notice","data":{"id":"x"}}')).toBeNull();
    expect(parseLiveMessage(new ArrayBuffer(2))).toBeNull();
  });
});

describe('reconnectDelay', () => {
  const noJitter = () => 0.5;

  it('doubles from one second up to the cap', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((n) => reconnectDelay(n, noJitter))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('jitters by at most 20 % and never exceeds the cap', () => {
    expect(reconnectDelay(2, () => 0)).toBe(3200);
    expect(reconnectDelay(2, () => 0.999_999)).toBe(4800);
    expect(reconnectDelay(9, () => 0.999_999)).toBe(BACKOFF_MAX_MS);
  });
});

class FakeSocket implements LiveSocket {
  static all: FakeSocket[] = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.onopen?.(new Event('open'));
  }
  receive(data: string) {
    this.onmessage?.({ data } as MessageEvent);
  }
  drop() {
    this.onclose?.({} as CloseEvent);
  }
  /** The server closes the socket with `code` (for example right after the upgrade, for lack of room). */
  closeWith(code: number) {
    this.onclose?.({ code } as CloseEvent);
  }
}

describe('connectLive', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
  });
  afterEach(() => vi.useRealTimers());

  const start = (onMessage = vi.fn(), onStateChange = vi.fn()) => {
    const stop = connectLive({
      url: 'ws://x/api/game/1/live',
      createSocket: (url) => new FakeSocket(url),
      onMessage,
      onStateChange,
      setTimer: (callback, ms) => setTimeout(callback, ms),
      clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      random: () => 0.5,
    });
    return { stop, onMessage, onStateChange };
  };

  it('delivers parsed messages and skips junk', () => {
    const { onMessage, stop } = start();
    const socket = FakeSocket.all[0];
    socket?.open();
    socket?.receive('{"type":"scoreboard","data":{"gameId":1}}');
    socket?.receive('garbage');
    expect(onMessage).toHaveBeenCalledTimes(1);
    stop();
  });

  it('reconnects on the backoff schedule and resets it after a successful open', () => {
    const { stop, onStateChange } = start();
    FakeSocket.all[0]?.drop();
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1]?.drop();
    vi.advanceTimersByTime(1999);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(3);
    FakeSocket.all[2]?.open();
    expect(onStateChange).toHaveBeenLastCalledWith(true);
    FakeSocket.all[2]?.drop();
    expect(onStateChange).toHaveBeenLastCalledWith(false);
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(4);
    stop();
  });

  it('asks for a reload of what the page shows when a socket opens again after a loss, not on the first open', () => {
    const onReconnect = vi.fn();
    const stop = connectLive({
      url: 'ws://x/api/game/1/live',
      createSocket: (url) => new FakeSocket(url),
      onMessage: vi.fn(),
      onReconnect,
      setTimer: (callback, ms) => setTimeout(callback, ms),
      clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      random: () => 0.5,
    });
    FakeSocket.all[0]?.open();
    expect(onReconnect).not.toHaveBeenCalled();
    // The server went away (1001) or told clients to reload (4000): the next socket is a reconnection.
    FakeSocket.all[0]?.drop();
    vi.advanceTimersByTime(1000);
    FakeSocket.all[1]?.open();
    expect(onReconnect).toHaveBeenCalledTimes(1);
    stop();
  });

  it('retries when the socket cannot even be created', () => {
    let calls = 0;
    const stop = connectLive({
      url: 'ws://x',
      createSocket: (url) => {
        calls++;
        if (calls === 1) throw new Error('blocked');
        return new FakeSocket(url);
      },
      onMessage: vi.fn(),
      setTimer: (callback, ms) => setTimeout(callback, ms),
      clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      random: () => 0.5,
    });
    expect(FakeSocket.all).toHaveLength(0);
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(1);
    stop();
  });

  it('stops cleanly: closes the socket and cancels a pending retry', () => {
    const { stop } = start();
    const first = FakeSocket.all[0];
    first?.drop();
    stop();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);

    const again = start();
    const socket = FakeSocket.all[1];
    again.stop();
    expect(socket?.closed).toBe(true);
  });
});

describe('limitedDelay and liveStateOf', () => {
  it('waits 30 s after a refusal for lack of room, doubling up to 5 minutes, with ±20 % jitter', () => {
    expect([0, 1, 2, 3, 4, 9].map((n) => limitedDelay(n, () => 0.5))).toEqual([
      30_000, 60_000, 120_000, 240_000, 300_000, 300_000,
    ]);
    expect(limitedDelay(0, () => 0)).toBe(24_000);
    expect(limitedDelay(9, () => 0.999_999)).toBe(LIMITED_BACKOFF_MAX_MS);
  });

  it('tells a refusal from a plain disconnection', () => {
    expect(liveStateOf(true, 'tooMany')).toBe('connected');
    expect(liveStateOf(false, 'serverFull')).toBe('serverFull');
    expect(liveStateOf(false, null)).toBe('offline');
  });
});

describe('connectLive when the server has no room', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
  });
  afterEach(() => vi.useRealTimers());

  const start = () => {
    const onLimit = vi.fn();
    const stop = connectLive({
      url: 'ws://x/api/game/1/live',
      createSocket: (url) => new FakeSocket(url),
      onMessage: vi.fn(),
      onLimit,
      setTimer: (callback, ms) => setTimeout(callback, ms),
      clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      random: () => 0.5,
    });
    return { stop, onLimit };
  };

  it('backs off for long after a 4429 close, although the socket had opened, and growing with each refusal', () => {
    const { stop, onLimit } = start();
    FakeSocket.all[0]?.open();
    FakeSocket.all[0]?.closeWith(LIVE_LIMIT_CLOSE_CODES.tooManyConnections);
    expect(onLimit).toHaveBeenLastCalledWith('tooMany');
    vi.advanceTimersByTime(29_999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1]?.open();
    FakeSocket.all[1]?.closeWith(LIVE_LIMIT_CLOSE_CODES.tooManyConnections);
    vi.advanceTimersByTime(59_999);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(3);
    // The server is down meanwhile: a socket that never opened does not bring back the short schedule.
    FakeSocket.all[2]?.drop();
    vi.advanceTimersByTime(59_999);
    expect(FakeSocket.all).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(4);
    // Served at last: the notice ends, and a later plain disconnection is retried after a second again.
    FakeSocket.all[3]?.open();
    FakeSocket.all[3]?.receive('{"type":"scoreboard","data":{"gameId":1}}');
    expect(onLimit).toHaveBeenLastCalledWith(null);
    FakeSocket.all[3]?.drop();
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(5);
    stop();
  });

  it('reports a full server (4503) apart from a per-client cap, and is not an ended session', () => {
    const { stop, onLimit } = start();
    FakeSocket.all[0]?.open();
    FakeSocket.all[0]?.closeWith(LIVE_LIMIT_CLOSE_CODES.serverFull);
    expect(onLimit).toHaveBeenLastCalledWith('serverFull');
    vi.advanceTimersByTime(30_000);
    expect(FakeSocket.all).toHaveLength(2);
    // Credentials changed (4401) is an ordinary reconnect: one second.
    FakeSocket.all[1]?.open();
    FakeSocket.all[1]?.closeWith(4401);
    expect(onLimit).toHaveBeenLastCalledWith(null);
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(3);
    stop();
  });
});
