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
  // Single sign-on: client secrets, authorization codes and what they are exchanged for.
  '*.client_secret',
  '*.clientSecret',
  '*.OIDC_CLIENT_SECRET',
  '*.CTFTIME_CLIENT_SECRET',
  '*.codeVerifier',
  '*.code_verifier',
  '*.access_token',
  '*.id_token',
  '*.refresh_token',
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

export type LogFormat = 'auto' | 'json' | 'pretty';

/** `auto` means readable lines for a person at a terminal and JSON for everything else. */
export function resolveLogFormat(format: LogFormat, outputIsTerminal: boolean): 'json' | 'pretty' {
  if (format === 'auto') return outputIsTerminal ? 'pretty' : 'json';
  return format;
}

/**
 * The process output for a format: undefined for JSON (pino's own fast destination), pino-pretty's stream for
 * readable lines. pino-pretty formats the objects pino has already redacted, so secrets stay out either way;
 * it is loaded only when used.
 */
export async function consoleLogStream(
  format: LogFormat,
  output: { isTTY?: boolean } = process.stdout,
): Promise<NodeJS.WritableStream | undefined> {
  if (resolveLogFormat(format, output.isTTY === true) === 'json') return undefined;
  const { default: pretty } = await import('pino-pretty');
  return pretty({
    colorize: output.isTTY === true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
    destination: 1,
  });
}
