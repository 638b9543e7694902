import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BACKOFF_MAX_MS, connectLive, type LiveSocket, liveUrl, parseLiveMessage, reconnectDelay } from './live';

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
