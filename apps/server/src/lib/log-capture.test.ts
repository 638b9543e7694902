import { describe, expect, it, vi } from 'vitest';
import { createLogCapture, type LogEntry, toLogEntry } from './log-capture';

const line = (record: Record<string, unknown>) => JSON.stringify({ time: 1_700_000_000_000, ...record });

describe('toLogEntry', () => {
  it('maps pino levels to stored level names and drops those below Information', () => {
    expect(toLogEntry(line({ level: 30, msg: 'a' }))?.level).toBe('Information');
    expect(toLogEntry(line({ level: 40, msg: 'a' }))?.level).toBe('Warning');
    expect(toLogEntry(line({ level: 50, msg: 'a' }))?.level).toBe('Error');
    expect(toLogEntry(line({ level: 60, msg: 'a' }))?.level).toBe('Critical');
    expect(toLogEntry(line({ level: 20, msg: 'a' }))).toBeUndefined();
    expect(toLogEntry('not json')).toBeUndefined();
  });

  it('skips the per-request access lines but keeps other request messages', () => {
    expect(toLogEntry(line({ level: 30, msg: 'incoming request', req: { ip: '1.2.3.4' } }))).toBeUndefined();
    expect(toLogEntry(line({ level: 30, msg: 'request completed', res: { statusCode: 200 } }))).toBeUndefined();
    expect(toLogEntry(line({ level: 30, msg: 'incoming request' }))?.message).toBe('incoming request');
  });

  it('takes user, address, task status and the error message from the line', () => {
    const entry = toLogEntry(
      line({ level: 50, msg: 'failed', user: 'amy', req: { ip: '10.0.0.9' }, status: 'Failed', err: { message: 'x' } }),
    );
    expect(entry).toEqual({
      time: 1_700_000_000_000,
      level: 'Error',
      userName: 'amy',
      ip: '10.0.0.9',
      message: 'failed: x',
      status: 'Failed',
    } satisfies LogEntry);
    expect(toLogEntry(line({ level: 30, msg: 'm', status: 'Whatever' }))?.status).toBeNull();
    expect(toLogEntry(line({ level: 30, msg: 'y'.repeat(10_000) }))?.message).toHaveLength(4096);
  });
});

describe('createLogCapture', () => {
  it('hands entries to the sink in batches, keeping what came before the sink was attached', async () => {
    const capture = createLogCapture({ flushMs: 10_000, maxBatch: 3 });
    const batches: LogEntry[][] = [];
    capture.write(line({ level: 30, msg: 'early' }));
    capture.attach(async (entries) => {
      batches.push(entries);
    });
    for (const msg of ['b', 'c', 'd', 'e']) capture.write(line({ level: 30, msg }));
    await capture.flush();
    expect(batches.flat().map((e) => e.message)).toEqual(['early', 'b', 'c', 'd', 'e']);
    expect(Math.max(...batches.map((b) => b.length))).toBeLessThanOrEqual(3);
  });

  it('bounds the buffer by dropping the oldest entries, and keeps a batch the sink refused', async () => {
    const capture = createLogCapture({ flushMs: 10_000, maxBatch: 100, maxBuffered: 2 });
    for (const msg of ['1', '2', '3']) capture.write(line({ level: 30, msg }));
    const seen: string[] = [];
    let fail = true;
    capture.attach(async (entries) => {
      if (fail) {
        fail = false;
        throw new Error('database down');
      }
      seen.push(...entries.map((e) => e.message));
    });
    await capture.flush();
    capture.write(line({ level: 30, msg: '4' }));
    await capture.close();
    // The refused batch ('2', '3') waited for the next write; the bound of two dropped its oldest entry.
    expect(seen).toEqual(['3', '4']);
  });

  it('tries a refused batch again by itself while the database is unreachable, then stores it', async () => {
    const capture = createLogCapture({ flushMs: 5, retryMs: 20 });
    let failures = 0;
    const seen: string[] = [];
    capture.attach(async (entries) => {
      if (failures < 3) {
        failures += 1;
        throw new Error('database down');
      }
      seen.push(...entries.map((e) => e.message));
    });
    capture.write(line({ level: 40, msg: 'database unreachable' }));
    await vi.waitFor(() => expect(seen).toEqual(['database unreachable']));
    expect(failures).toBe(3);
    await capture.close();
  });
});
