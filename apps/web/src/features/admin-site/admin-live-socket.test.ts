import { describe, expect, it, vi } from 'vitest';
import { createAdminLiveChannel } from './admin-live-socket';

describe('the shared admin live channel', () => {
  it('opens one socket for all listeners and closes it with the last', () => {
    const close = vi.fn();
    let handlers: Parameters<Parameters<typeof createAdminLiveChannel>[0]>[0] | undefined;
    const connect = vi.fn((given: NonNullable<typeof handlers>) => {
      handlers = given;
      return close;
    });
    const listen = createAdminLiveChannel(connect);
    const alerts: unknown[] = [];
    const logs: unknown[] = [];
    const stopAlerts = listen({ onFrame: (raw) => alerts.push(raw) });
    handlers?.onStateChange?.(true);
    const states: boolean[] = [];
    const stopLogs = listen({ onFrame: (raw) => logs.push(raw), onStateChange: (up) => states.push(up) });
    expect(connect).toHaveBeenCalledTimes(1);
    expect(states).toEqual([true]);
    handlers?.onMessage('frame');
    expect(alerts).toEqual(['frame']);
    expect(logs).toEqual(['frame']);
    stopLogs();
    expect(close).not.toHaveBeenCalled();
    stopAlerts();
    expect(close).toHaveBeenCalledTimes(1);
    listen({ onFrame: () => {} });
    expect(connect).toHaveBeenCalledTimes(2);
  });
});
