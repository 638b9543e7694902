import pino, { type DestinationStream, type LoggerOptions } from 'pino';

/**
 * Secrets never reach the log: request bodies are not logged at all, and these paths
 * are redacted wherever an object carrying them is logged.
 */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.old',
  '*.new',
  '*.flag',
  '*.answer',
  '*.token',
  '*.rToken',
  '*.challenge',
];

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        // Query strings can carry mail-link tokens.
        url: req.url.split('?')[0],
        ip: req.ip,
      }),
    },
  };
}

/**
 * Where log lines go: the process output (everything the level lets through) and, from Information up,
 * the capture that stores entries for the admin Logs page.
 */
export function logDestination(output: NodeJS.WritableStream | undefined, capture: { write(line: string): void }) {
  const out: DestinationStream = output ?? pino.destination(1);
  return pino.multistream([
    { level: 'trace', stream: out },
    { level: 'info', stream: capture },
  ]);
}
