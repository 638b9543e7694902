import type { Socket } from 'node:net';
import type { RawData, WebSocket } from 'ws';
import type { PcapRecorder } from './pcap-recorder';

export interface BridgeOptions {
  /** Closes the session after this long without a byte either way. */
  idleMs: number;
  /** Hard cap on one session, however busy. */
  maxSessionMs: number;
  /** Bytes queued towards either side (or the capture file) beyond which the other side is no longer read. */
  highWaterBytes: number;
  /** Records the session when the challenge captures traffic. */
  recorder: PcapRecorder | null;
  onClose: (summary: BridgeSummary) => void;
}

export interface BridgeSummary {
  fromClient: number;
  fromServer: number;
  reason: 'client' | 'server' | 'idle' | 'session-limit' | 'stopped' | 'error';
}

/** Grace for the instance to take the last bytes after the client has gone. */
const FLUSH_GRACE_MS = 5_000;

/**
 * Pauses a reader while any of its writers is behind, and resumes it once all of them caught up.
 * Each `wait` registers one writer that is behind; `done` is handed to whatever says it drained.
 */
function readGate(pause: () => void, resume: () => void) {
  let behind = 0;
  return (waitForDrain: (done: () => void) => void) => {
    behind += 1;
    if (behind === 1) pause();
    let counted = true;
    waitForDrain(() => {
      if (!counted) return;
      counted = false;
      behind -= 1;
      if (behind === 0) resume();
    });
  };
}

const asBuffer = (data: RawData): Buffer =>
  Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);

/**
 * Carries a TCP stream over a websocket: each binary frame from the client is written to the instance and
 * every chunk the instance sends becomes one binary frame. Each direction stops reading while the other side
 * (or the capture file) is behind, so neither a slow client nor a slow instance makes the platform buffer
 * without bound. Returns a function that ends the session from outside (instance destroyed, shutdown).
 */
export function bridge(ws: WebSocket, tcp: Socket, options: BridgeOptions): () => void {
  const { recorder } = options;
  let fromClient = 0;
  let fromServer = 0;
  let finished = false;

  const waitClientSide = readGate(
    () => ws.pause(),
    () => ws.resume(),
  );
  const waitServerSide = readGate(
    () => tcp.pause(),
    () => tcp.resume(),
  );

  let idleTimer = setTimeout(() => stop('idle'), options.idleMs);
  const sessionTimer = setTimeout(() => stop('session-limit'), options.maxSessionMs);
  const touch = () => {
    idleTimer.refresh();
  };

  ws.on('message', (data) => {
    if (finished) return;
    const chunk = asBuffer(data);
    fromClient += chunk.length;
    touch();
    recorder?.fromClient(chunk);
    tcp.write(chunk);
    // Stop reading only past the high-water mark: pausing at every 16 KiB write buffer costs more than it saves.
    if (recorder && recorder.pendingBytes > options.highWaterBytes) waitClientSide((done) => recorder.onDrain(done));
    if (tcp.writableLength > options.highWaterBytes) waitClientSide((done) => tcp.once('drain', done));
  });

  tcp.on('data', (chunk: Buffer) => {
    if (finished || ws.readyState !== ws.OPEN) return;
    fromServer += chunk.length;
    touch();
    recorder?.fromServer(chunk);
    if (recorder && recorder.pendingBytes > options.highWaterBytes) waitServerSide((done) => recorder.onDrain(done));
    let sent: (() => void) | null = null;
    ws.send(chunk, { binary: true }, () => sent?.());
    if (ws.bufferedAmount > options.highWaterBytes) {
      waitServerSide((done) => {
        sent = done;
      });
    }
  });

  function finish(reason: BridgeSummary['reason'], closedByClient: boolean) {
    if (finished) return;
    finished = true;
    clearTimeout(idleTimer);
    clearTimeout(sessionTimer);
    // Settle the recorder before reporting, so a closed session's file is complete.
    const recorded = recorder ? recorder.close(closedByClient).catch(() => undefined) : Promise.resolve();
    void recorded.then(() => options.onClose({ fromClient, fromServer, reason }));
  }

  function stop(reason: 'idle' | 'session-limit' | 'stopped') {
    finish(reason, false);
    tcp.destroy();
    if (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING) ws.close(1001, reason);
  }

  ws.on('close', () => {
    finish('client', true);
    // Let the instance receive what the client sent last, then drop the connection whatever it does.
    tcp.end();
    idleTimer = setTimeout(() => tcp.destroy(), FLUSH_GRACE_MS);
    idleTimer.unref();
  });
  ws.on('error', () => {
    finish('error', true);
    tcp.destroy();
  });
  tcp.on('end', () => {
    finish('server', false);
    if (ws.readyState === ws.OPEN) ws.close(1000, 'closed by the instance');
  });
  tcp.on('error', () => {
    finish('error', false);
    if (ws.readyState === ws.OPEN) ws.close(1011, 'instance connection failed');
  });
  tcp.on('close', () => {
    clearTimeout(idleTimer);
    if (!finished) finish('server', false);
    if (ws.readyState === ws.OPEN) ws.close(1000, 'closed by the instance');
  });

  return () => stop('stopped');
}
