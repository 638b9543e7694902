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
    /** The route's own level or serializers, if any, given to the child when it is built. */
    private readonly options: ChildLoggerOptions | undefined,
  ) {}

  private get real(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings, this.options);
    return this.#child;
  }

  get level(): string {
    return this.#child?.level ?? this.options?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real.level = level;
  }

  private enabled(level: LineLevel): boolean {
    // The child's own level only differs once someone set it, which builds the child.
    if (this.#child) return (this.#child as Logger).isLevelEnabled(level);
    const own = this.options?.level;
    if (own === undefined) return this.parent.isLevelEnabled(level);
    const values = this.parent.levels.values;
    return (values[level] ?? 0) >= (values[own] ?? 0);
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
 * Fastify's `childLoggerFactory`: a deferred child for every request, also for routes that set a log level or
 * serializers of their own (the probes run at `warn`): the level decides from the start which lines are written,
 * and the child is built with the route's settings on the first one.
 */
export function deferredChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  const own = options.level !== undefined || options.serializers !== undefined;
  return new DeferredChildLogger(logger as Logger, bindings, own ? options : undefined);
}
