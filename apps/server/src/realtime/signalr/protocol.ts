/**
 * The SignalR wire format this server speaks (the JSON hub protocol over the WebSockets and Server-Sent
 * Events transports), written from the protocol's published specification: every message is one JSON text
 * terminated by the record separator 0x1E; the first message each way is the handshake.
 */

export const RECORD_SEPARATOR = '\u001e';

/** Hub message types (the `type` field). */
export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
  Ack: 8,
  Sequence: 9,
} as const;

/** The only hub protocol offered: text JSON, version 1. */
export const JSON_PROTOCOL = 'json';
export const JSON_PROTOCOL_VERSION = 1;

/** Transports listed by negotiate. Long polling is not offered; both carry text frames only. */
export const AVAILABLE_TRANSPORTS = [
  { transport: 'WebSockets', transferFormats: ['Text'] },
  { transport: 'ServerSentEvents', transferFormats: ['Text'] },
] as const;

/** The newest negotiate version this server speaks (version 1 adds the secret `connectionToken`). */
export const NEGOTIATE_VERSION = 1;

export interface NegotiateResponse {
  negotiateVersion: number;
  connectionId: string;
  connectionToken?: string;
  availableTransports: typeof AVAILABLE_TRANSPORTS;
}

/**
 * The negotiate answer for the version the client asked for. In version 0 the connection id is the value
 * the client sends back as `id`; from version 1 the separate `connectionToken` is, and the id is public.
 */
export function negotiateResponse(requested: number, connectionId: string, connectionToken: string) {
  const version = Math.min(requested, NEGOTIATE_VERSION);
  const response: NegotiateResponse =
    version >= 1
      ? { negotiateVersion: version, connectionId, connectionToken, availableTransports: AVAILABLE_TRANSPORTS }
      : { negotiateVersion: 0, connectionId: connectionToken, availableTransports: AVAILABLE_TRANSPORTS };
  return response;
}

const record = (message: object) => JSON.stringify(message) + RECORD_SEPARATOR;

export const handshakeResponseFrame = (error?: string) => record(error === undefined ? {} : { error });
export const PING_FRAME = record({ type: MessageType.Ping });

/** A non-blocking invocation of a client method with one argument (no invocation id: no answer expected). */
export const invocationFrame = (target: string, argument: unknown) =>
  record({ type: MessageType.Invocation, target, arguments: [argument] });

/**
 * The close message. With `allowReconnect` a client with automatic reconnects enabled tries again (used when
 * credentials changed); without it the client stops for good (access refused, unknown game).
 */
export const closeFrame = (error?: string, allowReconnect?: boolean) =>
  record({
    type: MessageType.Close,
    ...(error === undefined ? {} : { error }),
    ...(allowReconnect ? { allowReconnect: true } : {}),
  });

/** The answer to a blocking invocation of a method the hub does not have. */
export const unknownMethodFrame = (invocationId: string, target: string) =>
  record({
    type: MessageType.Completion,
    invocationId,
    error: `Failed to invoke '${target.slice(0, 100)}': the hub has no client-callable methods.`,
  });

/** Splits received text into complete records; an unfinished record waits for the rest of its text. */
export class RecordReader {
  private pending = '';

  constructor(private readonly maxPendingChars: number) {}

  /** The complete records in `text` (after what was pending); throws when a record grows too long. */
  push(text: string): string[] {
    const combined = this.pending + text;
    const parts = combined.split(RECORD_SEPARATOR);
    this.pending = parts.pop() ?? '';
    if (this.pending.length > this.maxPendingChars) throw new Error('record too long');
    return parts;
  }
}

export type HandshakeResult = { ok: true } | { ok: false; error: string };

/** Checks a handshake request: `{"protocol":"json","version":1}`. */
export function readHandshake(text: string): HandshakeResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, error: 'Handshake request is not valid JSON.' };
  }
  const { protocol, version } = (parsed ?? {}) as { protocol?: unknown; version?: unknown };
  if (typeof protocol !== 'string' || typeof version !== 'number') {
    return { ok: false, error: 'Handshake request needs a protocol and a version.' };
  }
  if (protocol !== JSON_PROTOCOL) {
    return { ok: false, error: `Requested protocol '${protocol.slice(0, 40)}' is not available.` };
  }
  if (version !== JSON_PROTOCOL_VERSION) {
    return { ok: false, error: `Protocol '${JSON_PROTOCOL}' version ${version} is not supported.` };
  }
  return { ok: true };
}

export type ClientMessage =
  | { kind: 'ping' }
  | { kind: 'close' }
  | { kind: 'invocation'; invocationId?: string; target: string }
  | { kind: 'ignored' }
  | { kind: 'malformed' };

/** What one record from the client asks for. Clients of these hubs only ping and close. */
export function readClientMessage(text: string): ClientMessage {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { kind: 'malformed' };
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return { kind: 'malformed' };
  const message = parsed as { type?: unknown; invocationId?: unknown; target?: unknown };
  switch (message.type) {
    case MessageType.Ping:
      return { kind: 'ping' };
    case MessageType.Close:
      return { kind: 'close' };
    case MessageType.Invocation:
    case MessageType.StreamInvocation:
      return {
        kind: 'invocation',
        invocationId: typeof message.invocationId === 'string' ? message.invocationId : undefined,
        target: typeof message.target === 'string' ? message.target : '',
      };
    case undefined:
      return { kind: 'malformed' };
    default:
      // Completions, stream items, cancellations, acks: nothing here is waiting for them.
      return { kind: 'ignored' };
  }
}
