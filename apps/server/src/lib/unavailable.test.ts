import { describe, expect, it } from 'vitest';
import { isServiceUnavailable, ServiceUnavailableError } from './unavailable';

describe('isServiceUnavailable', () => {
  it('recognises unreachable stores in the errors of node-postgres, pg-pool and ioredis', () => {
    const errors: unknown[] = [
      new ServiceUnavailableError('database'),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout expired'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Connection terminated due to connection timeout'),
      new Error('Query read timeout'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('Connection is closed.'),
      new Error('Command timed out'),
      new Error("Stream isn't writeable and enableOfflineQueue options is false"),
    ];
    for (const error of errors) expect(isServiceUnavailable(error), String(error)).toBe(true);
  });

  it('leaves faults of the request or the code alone', () => {
    const errors: unknown[] = [
      new Error('boom'),
      Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }),
      Object.assign(new Error('syntax error at or near "selec"'), { code: '42601' }),
      'a string',
      null,
    ];
    for (const error of errors) expect(isServiceUnavailable(error), String(error)).toBe(false);
  });
});
