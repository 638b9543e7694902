import { EventEmitter } from 'node:events';
import {
  closeFrame,
  handshakeResponseFrame,
  PING_FRAME,
  RecordReader,
  readClientMessage,
  readHandshake,
  unknownMethodFrame,
} from './protocol';

/** What a transport (a websocket, or an event stream with its POSTs) offers a hub connection. */
export interface HubTransport {
  /** Writes text frames to the client. */
  send(text: string): void;
  /** Ends the transport; the transport then calls `transportClosed` on the connection. */
  end(): void;
  /** Bytes written but not yet taken by the network. */
  bufferedBytes(): number;
  readonly name: 'WebSockets' | 'ServerSentEvents';
}

/** A client this far behind is dropped rather than buffered without bound. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/** Client messages are pings, closes and handshakes: a record longer than this is not one of them. */
const MAX_RECORD_CHARS = 64 * 1024;

type State = 'handshake' | 'admitting' | 'open' | 'closed';

/**
 * The server side of one SignalR connection. A valid handshake request (JSON protocol only) emits
 * `handshake`; the hub then either admits the connection (the handshake response goes out) or refuses it
 * (the handshake response and a close message with the reason go out together, so that a client still
 * starting sees the refusal as the result of its start). Then the hub sends pre-serialised invocation
 * frames; the connection pings on request and closes once, emitting `close`. `close(code, reason)` lets
 * the credentials watcher end it like a websocket.
 */
export class HubConnection extends EventEmitter {
  private state: State = 'handshake';
  private readonly reader = new RecordReader(MAX_RECORD_CHARS);
  /** When the client last sent anything (milliseconds, the server clock). */
  lastReceivedAt: number;
  readonly openedAt: number;

  constructor(
    private readonly transport: HubTransport,
    now: number,
  ) {
    super();
    this.openedAt = now;
    this.lastReceivedAt = now;
  }

  get isOpen(): boolean {
    return this.state === 'open';
  }

  /** Handshake received and the hub still deciding. */
  get isAdmitting(): boolean {
    return this.state === 'admitting';
  }

  get handshakeDone(): boolean {
    return this.state !== 'handshake';
  }

  private isClosed(): boolean {
    return this.state === 'closed';
  }

  get transportName(): HubTransport['name'] {
    return this.transport.name;
  }

  /** Text the client sent (one websocket message or one POST body). */
  receive(text: string, now: number): void {
    if (this.state === 'closed') return;
    this.lastReceivedAt = now;
    let records: string[];
    try {
      records = this.reader.push(text);
    } catch {
      this.fail('Message too long.');
      return;
    }
    for (const record of records) {
      if (this.isClosed()) return;
      if (this.handshakeDone) this.message(record);
      else this.handshake(record);
    }
  }

  private handshake(record: string): void {
    const result = readHandshake(record);
    if (!result.ok) {
      this.transport.send(handshakeResponseFrame(result.error));
      this.finish();
      return;
    }
    this.state = 'admitting';
    this.emit('handshake');
  }

  /** Completes the handshake: from now on the client receives the hub's messages. */
  admit(): void {
    if (this.state !== 'admitting') return;
    this.state = 'open';
    this.transport.send(handshakeResponseFrame());
  }

  private message(record: string): void {
    const message = readClientMessage(record);
    switch (message.kind) {
      case 'close':
        this.finish();
        return;
      case 'invocation':
        if (message.invocationId !== undefined) {
          this.transport.send(unknownMethodFrame(message.invocationId.slice(0, 200), message.target));
        }
        return;
      case 'malformed':
        this.fail('Connection closed with an error: malformed message.');
        return;
      default:
        return;
    }
  }

  /** Sends a frame prepared once for every receiver; drops a client that stopped reading. */
  sendFrame(frame: string): void {
    if (this.state !== 'open') return;
    if (this.transport.bufferedBytes() > MAX_BUFFERED_BYTES) {
      this.finish();
      return;
    }
    this.transport.send(frame);
  }

  ping(): void {
    this.sendFrame(PING_FRAME);
  }

  /**
   * Sends the close message (with `error`, if any) and ends the transport. `allowReconnect` invites a client
   * with automatic reconnects to try again, for example after its credentials changed.
   */
  fail(error?: string, allowReconnect = false): void {
    if (this.state === 'closed') return;
    if (this.state === 'open') this.transport.send(closeFrame(error, allowReconnect));
    if (this.state === 'admitting') this.transport.send(handshakeResponseFrame() + closeFrame(error, allowReconnect));
    this.finish();
  }

  /** The credentials watcher's way to end a connection: the client may reconnect and be checked again. */
  close(_code?: number, reason?: string): void {
    this.fail(`Credentials changed${reason ? ` (${reason})` : ''}.`, true);
  }

  /** Called by the transport when it has ended, whoever ended it. */
  transportClosed(): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.emit('close');
  }

  private finish(): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.transport.end();
    this.emit('close');
  }
}
