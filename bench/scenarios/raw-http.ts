/**
 * A lean HTTP/1.1 keep-alive client for load scenarios: one node:net socket per connection, one request in flight on
 * it, the request written as one prebuilt string and the answer parsed only as far as a load generator needs (status
 * line, then a body framed by content-length or chunked encoding). undici spends ~50 % of a core driving game-load's
 * submissions beside the server on a 2-core machine; the server's CPU per submission is then measured on saturated
 * cores. This client does the same exchanges for a fraction of that.
 */
import { connect, type Socket } from 'node:net';

export interface RawAnswer {
  statusCode: number;
  body: string;
}

const HEAD_END = Buffer.from('\r\n\r\n');
const CRLF = Buffer.from('\r\n');
const CONTENT_LENGTH = /\r\ncontent-length:[ \t]*(\d+)/i;
const CHUNKED = /\r\ntransfer-encoding:[ \t]*chunked/i;
const CONNECTION_CLOSE = /\r\nconnection:[ \t]*close/i;

/** A parsed answer, how many bytes it took, and whether the server closes the connection after it. */
export interface ParsedAnswer {
  answer: RawAnswer;
  length: number;
  closes: boolean;
}

/** A complete answer at the start of `bytes` and how many bytes it took, or undefined while more are needed. */
export function parseAnswer(bytes: Buffer): ParsedAnswer | undefined {
  const headEnd = bytes.indexOf(HEAD_END);
  if (headEnd < 0) return undefined;
  const head = bytes.toString('latin1', 0, headEnd);
  const statusCode = Number(head.slice(9, 12));
  const closes = CONNECTION_CLOSE.test(head);
  const bodyStart = headEnd + HEAD_END.length;
  const declared = CONTENT_LENGTH.exec(head)?.[1];
  if (declared !== undefined) {
    const end = bodyStart + Number(declared);
    if (bytes.length < end) return undefined;
    return { answer: { statusCode, body: bytes.toString('utf8', bodyStart, end) }, length: end, closes };
  }
  if (CHUNKED.test(head)) {
    const chunked = chunkedBody(bytes, bodyStart);
    return chunked && { answer: { statusCode, body: chunked.body }, length: chunked.end, closes };
  }
  // Neither framing: only answers without a body (1xx, 204, 304) may do that on a kept-alive connection.
  if (statusCode === 204 || statusCode === 304 || statusCode < 200) {
    return { answer: { statusCode, body: '' }, length: bodyStart, closes };
  }
  throw new Error(`answer ${statusCode} has neither content-length nor chunked encoding`);
}

/** A chunked body from `start`, with where it ends (after the last chunk and any trailers), or undefined if cut. */
function chunkedBody(bytes: Buffer, start: number): { body: string; end: number } | undefined {
  const parts: Buffer[] = [];
  let at = start;
  for (;;) {
    const lineEnd = bytes.indexOf(CRLF, at);
    if (lineEnd < 0) return undefined;
    // parseInt stops at a chunk extension (";name=value").
    const size = Number.parseInt(bytes.toString('latin1', at, lineEnd), 16);
    if (Number.isNaN(size)) throw new Error('malformed chunk size');
    if (size === 0) {
      // The last chunk: trailers (usually none) end with an empty line; "0\r\n\r\n" finds it at once.
      const trailersEnd = bytes.indexOf(HEAD_END, lineEnd);
      if (trailersEnd < 0) return undefined;
      return { body: Buffer.concat(parts).toString('utf8'), end: trailersEnd + HEAD_END.length };
    }
    const dataStart = lineEnd + CRLF.length;
    if (bytes.length < dataStart + size + CRLF.length) return undefined;
    parts.push(bytes.subarray(dataStart, dataStart + size));
    at = dataStart + size + CRLF.length;
  }
}

/**
 * One kept-alive connection, one request at a time. A closed or failed socket fails the request in flight and is
 * opened again by the next request.
 */
export class RawConnection {
  private socket: Socket | undefined;
  private received: Buffer = Buffer.alloc(0);
  private waiting: { resolve: (answer: RawAnswer) => void; reject: (error: Error) => void } | undefined;

  constructor(
    private readonly host: string,
    private readonly port: number,
  ) {}

  /** Sends the whole request (head and body, already framed) and resolves with the answer. */
  request(bytes: string): Promise<RawAnswer> {
    if (this.waiting) return Promise.reject(new Error('a request is already in flight on this connection'));
    const socket = this.socket ?? this.open();
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      socket.write(bytes, 'utf8');
    });
  }

  close(): void {
    this.socket?.destroy();
    this.socket = undefined;
  }

  private open(): Socket {
    const socket = connect({ host: this.host, port: this.port, noDelay: true });
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('error', (error) => this.fail(socket, error));
    socket.on('close', () => this.fail(socket, new Error('connection closed by the server')));
    this.socket = socket;
    this.received = Buffer.alloc(0);
    return socket;
  }

  private receive(chunk: Buffer): void {
    this.received = this.received.length === 0 ? chunk : Buffer.concat([this.received, chunk]);
    let parsed: ReturnType<typeof parseAnswer>;
    try {
      parsed = parseAnswer(this.received);
    } catch (error) {
      this.socket?.destroy(error as Error);
      return;
    }
    if (parsed === undefined) return;
    this.received = this.received.subarray(parsed.length);
    // The next request must not go out on a socket the server is closing: it opens a new one.
    if (parsed.closes) this.close();
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.resolve(parsed.answer);
  }

  private fail(socket: Socket, error: Error): void {
    if (this.socket !== socket) return;
    this.socket = undefined;
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.reject(error);
  }
}

/** The header lines every request of one caller carries, prebuilt once: `name: value\r\n` each. */
export function headerLines(headers: Record<string, string>): string {
  let lines = '';
  for (const [name, value] of Object.entries(headers)) lines += `${name}: ${value}\r\n`;
  return lines;
}

/** A whole request: request line, the prebuilt header lines, and the body framed by its length. */
export function rawRequest(method: string, path: string, lines: string, body?: string): string {
  if (body === undefined) return `${method} ${path} HTTP/1.1\r\n${lines}\r\n`;
  return `${method} ${path} HTTP/1.1\r\n${lines}content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}
