import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { REDACTED_PATHS } from '../lib/logger';
import { deferredChildLogger } from './request-logger';

function capturingLogger(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino(
    { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } },
    { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  return { logger, lines };
}

describe('deferred request logger', () => {
  it('builds no child logger for lines below the level, and writes nothing', () => {
    const { logger, lines } = capturingLogger('warn');
    const child = vi.spyOn(logger, 'child');
    const log = deferredChildLogger(logger, { reqId: 'req-1' }, {});
    log.debug({ req: { url: '/api/x' } }, 'incoming request');
    log.info('request completed');
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
    expect(log.level).toBe('warn');
  });

  it('writes enabled lines with the request id and the redaction of the server logger', () => {
    const { logger, lines } = capturingLogger('warn');
    const log = deferredChildLogger(logger, { reqId: 'req-2' }, {});
    log.error({ req: { headers: { cookie: 'flagpole_session=secret' } } }, 'unhandled error');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ reqId: 'req-2', msg: 'unhandled error', level: 50 });
    expect(JSON.stringify(lines[0])).not.toContain('secret');
  });

  it("follows a route's own log level from the start", () => {
    const { logger, lines } = capturingLogger('info');
    const log = deferredChildLogger(logger, { reqId: 'req-3' }, { level: 'warn' });
    log.info('quiet route');
    log.warn('still heard');
    expect(lines.map((line) => line.msg)).toEqual(['still heard']);
  });

  it('builds no child on a route with its own level until a line passes that level', () => {
    const { logger, lines } = capturingLogger('info');
    const child = vi.spyOn(logger, 'child');
    const log = deferredChildLogger(logger, { reqId: 'req-5' }, { level: 'warn' });
    log.info('request completed');
    expect(child).not.toHaveBeenCalled();
    expect(log.level).toBe('warn');
    log.error('heard');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines).toMatchObject([{ reqId: 'req-5', msg: 'heard', level: 50 }]);
  });

  it("writes a route's lines below the server's level when the route asks for them", () => {
    const { logger, lines } = capturingLogger('warn');
    const log = deferredChildLogger(logger, { reqId: 'req-6' }, { level: 'debug' });
    log.trace('not heard');
    log.debug('heard');
    expect(lines.map((line) => line.msg)).toEqual(['heard']);
  });

  it('a level set on the request logger applies to its later lines', () => {
    const { logger, lines } = capturingLogger('warn');
    const log = deferredChildLogger(logger, { reqId: 'req-4' }, {});
    log.level = 'debug';
    log.debug('now heard');
    expect(lines).toMatchObject([{ reqId: 'req-4', msg: 'now heard' }]);
  });
});
