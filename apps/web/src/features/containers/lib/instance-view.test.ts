import { describe, expect, it } from 'vitest';
import { instanceView, isInstanceRunning } from './instance-view';

const none = { instanceStatus: null, instanceEntry: null, queuePosition: null, containersAvailable: true };

describe('instanceView', () => {
  it('says container challenges are unavailable when the platform has no engine', () => {
    expect(instanceView({ ...none, containersAvailable: false }, null)).toEqual({ kind: 'unavailable' });
    expect(instanceView({ ...none, containersAvailable: false }, 2)).toEqual({ kind: 'unavailable' });
  });

  it('offers a start when there is no instance', () => {
    expect(instanceView(none, null)).toEqual({ kind: 'none' });
    expect(instanceView({ ...none, containersAvailable: undefined }, null)).toEqual({ kind: 'none' });
  });

  it('shows the place in the start queue from the detail', () => {
    expect(instanceView({ ...none, instanceStatus: 'Pending', queuePosition: 3 }, null)).toEqual({
      kind: 'pending',
      position: 3,
    });
  });

  it('shows the place from the start answer until the detail has it', () => {
    expect(instanceView(none, 2)).toEqual({ kind: 'pending', position: 2 });
    expect(instanceView({ ...none, instanceStatus: 'Pending', queuePosition: 1 }, 2)).toEqual({
      kind: 'pending',
      position: 1,
    });
  });

  it('shows a pending instance without a place as being created', () => {
    expect(instanceView({ ...none, instanceStatus: 'Pending' }, null)).toEqual({ kind: 'pending', position: null });
  });

  it('shows the address of a running instance, also from an entry without a status', () => {
    const running = { ...none, instanceStatus: 'Running' as const, instanceEntry: '127.0.0.1:30001' };
    expect(instanceView(running, 1)).toEqual({ kind: 'running', entry: '127.0.0.1:30001' });
    expect(isInstanceRunning({ ...none, instanceEntry: 'host:1' })).toBe(true);
    expect(isInstanceRunning({ ...none, instanceStatus: 'Destroyed', instanceEntry: 'host:1' })).toBe(false);
  });
});
