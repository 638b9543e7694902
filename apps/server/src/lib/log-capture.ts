import type { LogLevel, TaskStatus } from '@flagpole/contract';
import { TaskStatus as TaskStatusSchema } from '@flagpole/contract';

/** One stored log entry. */
export interface LogEntry {
  time: number;
  level: LogLevel;
  userName: string | null;
  ip: string | null;
  message: string;
  status: TaskStatus | null;
}

/**
 * Receives captured entries in batches. A rejection keeps the batch for a later try (the database may be
 * unreachable for a while); the log cannot log its own failure.
 */
export type LogSink = (entries: LogEntry[]) => Promise<void>;

const LEVELS: ReadonlyArray<readonly [number, LogLevel]> = [
  [60, 'Critical'],
  [50, 'Error'],
  [40, 'Warning'],
  [30, 'Information'],
];
/** Fastify's two lines per request stay in the process log; storing them would swamp the admin page. */
const ACCESS_LINES = new Set(['incoming request', 'request completed']);
/** Recognises those lines without parsing them: they are most of what passes through under load. */
const ACCESS_LINE_TEXT = /"msg":"(?:incoming request|request completed)"/;
const REQUEST_FIELD_TEXT = /"(?:req|res)":\{/;
const MAX_MESSAGE = 4096;
const MAX_FIELD = 256;

const text = (value: unknown, max: number): string | null =>
  typeof value === 'string' && value !== '' ? value.slice(0, max) : null;

/**
 * Turns one pino JSON line into an entry, or undefined for lines not kept (below Information, access
 * lines). Fields a line may carry for the admin page: `user` (user name), `ip`, `status` (a TaskStatus).
 */
export function toLogEntry(line: string): LogEntry | undefined {
  if (ACCESS_LINE_TEXT.test(line) && REQUEST_FIELD_TEXT.test(line)) return undefined;
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const level = LEVELS.find(([value]) => typeof record.level === 'number' && record.level >= value)?.[1];
  if (!level) return undefined;
  const msg = typeof record.msg === 'string' ? record.msg : '';
  if (ACCESS_LINES.has(msg) && (record.req || record.res)) return undefined;
  const err = record.err as { message?: unknown } | undefined;
  const detail = typeof err?.message === 'string' ? `: ${err.message}` : '';
  const req = record.req as { ip?: unknown } | undefined;
  const status = TaskStatusSchema.safeParse(record.status);
  return {
    time: typeof record.time === 'number' ? record.time : Date.now(),
    level,
    userName: text(record.user, MAX_FIELD),
    ip: text(record.ip, MAX_FIELD) ?? text(req?.ip, MAX_FIELD),
    message: `${msg}${detail}`.slice(0, MAX_MESSAGE),
    status: status.success ? status.data : null,
  };
}

/**
 * A pino destination that keeps log entries for the admin Logs page. Entries are buffered and handed to
 * the sink in batches (one write per batch, not per line); until a sink is attached, and while one batch
 * is being written, entries wait in a bounded buffer (the oldest are dropped beyond it).
 */
export function createLogCapture(
  options: { flushMs?: number; maxBatch?: number; maxBuffered?: number; retryMs?: number } = {},
) {
  const flushMs = options.flushMs ?? 250;
  const maxBatch = options.maxBatch ?? 500;
  const maxBuffered = options.maxBuffered ?? 10_000;
  const retryMs = options.retryMs ?? 1_000;
  const buffer: LogEntry[] = [];
  let sink: LogSink | undefined;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> | undefined;
  /** The last batch was refused: wait for the retry instead of trying again on every line. */
  let failing = false;

  function schedule(): void {
    if (!sink || timer || writing) return;
    timer = setTimeout(() => {
      timer = undefined;
      void flush();
    }, flushMs);
    timer.unref();
  }

  async function writeAll(target: LogSink): Promise<void> {
    while (buffer.length > 0) {
      const batch = buffer.splice(0, maxBatch);
      try {
        await target(batch);
        failing = false;
      } catch {
        failing = true;
        // Back at the front, within the bound (the oldest go first); tried again a little later.
        buffer.unshift(...batch);
        if (buffer.length > maxBuffered) buffer.splice(0, buffer.length - maxBuffered);
        retryLater();
        return;
      }
    }
  }

  function retryLater(): void {
    if (timer || !sink) return;
    timer = setTimeout(() => {
      timer = undefined;
      void flush();
    }, retryMs);
    timer.unref();
  }

  /** Writes everything buffered; resolves once it is stored. */
  async function flush(): Promise<void> {
    if (timer) {
      clearTimeout(timer);
      timer = undefined;
    }
    while (writing) await writing;
    if (!sink || buffer.length === 0) return;
    writing = writeAll(sink).finally(() => {
      writing = undefined;
    });
    await writing;
  }

  function push(entry: LogEntry): void {
    buffer.push(entry);
    if (buffer.length > maxBuffered) buffer.splice(0, buffer.length - maxBuffered);
    if (buffer.length >= maxBatch && !failing) void flush();
    else schedule();
  }

  return {
    /** The pino destination side. */
    write(line: string): void {
      const entry = toLogEntry(line);
      if (entry) push(entry);
    },
    /** An entry the program makes itself (the audit trail): kept whatever level the logger runs at. */
    record(entry: LogEntry): void {
      push(entry);
    },
    attach(target: LogSink): void {
      sink = target;
      schedule();
    },
    flush,
    /** Writes what is left and stops handing entries on. */
    async close(): Promise<void> {
      await flush();
      sink = undefined;
    },
  };
}
export type LogCapture = ReturnType<typeof createLogCapture>;
