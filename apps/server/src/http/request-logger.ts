import type { FastifyBaseLogger, LogLevel } from 'fastify';
import type { Bindings, ChildLoggerOptions, Logger } from 'pino';

type LineLevel = Exclude<LogLevel, 'silent'>;

/**
 * A request's logger that becomes a real child of the server's logger (its bindings serialised, the redaction
 * set up) only when a line at an enabled level is written. Fastify builds one child per request, and at the
 * default level almost no request writes a line: building it was a steady cost on every flag submission.
 */
class DeferredChildLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: Bindings,
  ) {}

  private get real(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings);
    return this.#child;
  }

  get level(): string {
    return this.#child?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real.level = level;
  }

  private enabled(level: LineLevel): boolean {
    // The child's own level only differs once someone set it, which builds the child.
    return this.#child ? (this.#child as Logger).isLevelEnabled(level) : this.parent.isLevelEnabled(level);
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }

  error(...args: unknown[]): void {
    this.write('error', args);
  }

  warn(...args: unknown[]): void {
    this.write('warn', args);
  }

  info(...args: unknown[]): void {
    this.write('info', args);
  }

  debug(...args: unknown[]): void {
    this.write('debug', args);
  }

  trace(...args: unknown[]): void {
    this.write('trace', args);
  }

  silent(): void {}

  private write(level: LineLevel, args: unknown[]): void {
    if (!this.enabled(level)) return;
    (this.real[level] as (...line: unknown[]) => void)(...args);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }
}

/**
 * Fastify's `childLoggerFactory`: a deferred child for the usual request, a real one when the route sets a log
 * level or serializers of its own (its lines then follow the route's settings from the start).
 */
export function deferredChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  if (options.level !== undefined || options.serializers !== undefined) return logger.child(bindings, options);
  return new DeferredChildLogger(logger as Logger, bindings);
}
