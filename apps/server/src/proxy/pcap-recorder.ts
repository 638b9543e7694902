import { randomInt } from 'node:crypto';
import type { Writable } from 'node:stream';
import type { Clock } from '../lib/clock';
import { addressPair, type Endpoint, MAX_SEGMENT_PAYLOAD, TCP_FLAGS, tcpFrame } from './tcp-packets';

const PCAP_MAGIC_MICROSECONDS = 0xa1b2c3d4;
const LINKTYPE_ETHERNET = 1;
const SNAPLEN = 262_144;

function globalHeader(): Buffer {
  const header = Buffer.alloc(24);
  header.writeUInt32LE(PCAP_MAGIC_MICROSECONDS, 0);
  header.writeUInt16LE(2, 4);
  header.writeUInt16LE(4, 6);
  header.writeInt32LE(0, 8);
  header.writeUInt32LE(0, 12);
  header.writeUInt32LE(SNAPLEN, 16);
  header.writeUInt32LE(LINKTYPE_ETHERNET, 20);
  return header;
}

function recordHeader(at: Date, length: number): Buffer {
  const header = Buffer.alloc(16);
  const ms = at.getTime();
  header.writeUInt32LE(Math.floor(ms / 1000), 0);
  header.writeUInt32LE((ms % 1000) * 1000, 4);
  header.writeUInt32LE(length, 8);
  header.writeUInt32LE(length, 12);
  return header;
}

/**
 * Writes one proxied connection as a classic pcap file of a synthesized TCP stream: a three-way handshake
 * when opened, data segments whose sequence and acknowledgement numbers advance with the bytes, and a FIN
 * exchange when closed. Capture tools then follow the stream as if it had been sniffed on the wire. Packets go
 * straight to `out`; `write`'s result says when the caller should wait for `out` to drain.
 */
export class PcapRecorder {
  private readonly addresses;
  private clientSeq = randomInt(1, 0x7fffffff);
  private serverSeq = randomInt(1, 0x7fffffff);
  private ipId = 0;
  private closed = false;
  private ended: Promise<void> | undefined;

  constructor(
    private readonly out: Writable,
    private readonly client: Endpoint,
    private readonly server: Endpoint,
    private readonly clock: Clock,
    /** Runs once the file is complete (the capture store moves it into place). */
    private readonly afterEnd: () => Promise<void> = async () => undefined,
  ) {
    this.addresses = addressPair(client.address, server.address);
    out.write(globalHeader());
    this.segment(true, TCP_FLAGS.SYN, Buffer.alloc(0), 0);
    this.clientSeq += 1;
    this.segment(false, TCP_FLAGS.SYN | TCP_FLAGS.ACK, Buffer.alloc(0), this.clientSeq);
    this.serverSeq += 1;
    this.segment(true, TCP_FLAGS.ACK, Buffer.alloc(0), this.serverSeq);
  }

  /** Bytes the client sent to the server. Returns false when the file is behind and the caller should wait. */
  fromClient(data: Buffer): boolean {
    return this.data(true, data);
  }

  /** Bytes the server sent to the client. */
  fromServer(data: Buffer): boolean {
    return this.data(false, data);
  }

  /** The FIN exchange, started by the side that closed first; then the file is ended. */
  close(closedByClient: boolean): Promise<void> {
    if (!this.closed) {
      this.closed = true;
      const first = closedByClient;
      this.segment(first, TCP_FLAGS.FIN | TCP_FLAGS.ACK, Buffer.alloc(0), this.ackFor(first));
      this.advance(first, 1);
      this.segment(!first, TCP_FLAGS.FIN | TCP_FLAGS.ACK, Buffer.alloc(0), this.ackFor(!first));
      this.advance(!first, 1);
      this.segment(first, TCP_FLAGS.ACK, Buffer.alloc(0), this.ackFor(first));
    }
    this.ended ??= new Promise<void>((resolve, reject) => {
      this.out.once('error', reject);
      this.out.end(() => resolve());
    }).then(this.afterEnd);
    return this.ended;
  }

  /** Bytes handed to the file but not yet written. */
  get pendingBytes(): number {
    return this.out.writableLength;
  }

  onDrain(listener: () => void): void {
    this.out.once('drain', listener);
  }

  private data(fromClient: boolean, data: Buffer): boolean {
    if (this.closed) return true;
    let ok = true;
    for (let offset = 0; offset < data.length; offset += MAX_SEGMENT_PAYLOAD) {
      const payload = data.subarray(offset, offset + MAX_SEGMENT_PAYLOAD);
      ok = this.segment(fromClient, TCP_FLAGS.PSH | TCP_FLAGS.ACK, payload, this.ackFor(fromClient));
      this.advance(fromClient, payload.length);
    }
    return ok;
  }

  private ackFor(fromClient: boolean): number {
    return fromClient ? this.serverSeq : this.clientSeq;
  }

  private advance(fromClient: boolean, bytes: number): void {
    if (fromClient) this.clientSeq = (this.clientSeq + bytes) >>> 0;
    else this.serverSeq = (this.serverSeq + bytes) >>> 0;
  }

  private segment(fromClient: boolean, flags: number, payload: Buffer, ack: number): boolean {
    const seq = fromClient ? this.clientSeq : this.serverSeq;
    const frame = tcpFrame(
      this.addresses,
      this.client,
      this.server,
      { fromClient, seq, ack, flags, payload },
      this.ipId,
    );
    this.ipId = (this.ipId + 1) & 0xffff;
    this.out.write(recordHeader(this.clock.now(), frame.length));
    return this.out.write(frame);
  }
}
