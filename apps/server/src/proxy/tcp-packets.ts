import { isIPv4, isIPv6 } from 'node:net';

/** One side of a recorded TCP connection. */
export interface Endpoint {
  address: string;
  port: number;
}

export const TCP_FLAGS = { FIN: 0x01, SYN: 0x02, PSH: 0x08, ACK: 0x10 } as const;

const ETHERNET_HEADER = 14;
const IPV4_HEADER = 20;
const IPV6_HEADER = 40;
const TCP_HEADER = 20;
const ETHERTYPE_IPV4 = 0x0800;
const ETHERTYPE_IPV6 = 0x86dd;
const PROTOCOL_TCP = 6;
const CLIENT_MAC = Buffer.from([0x02, 0, 0, 0, 0, 0x01]);
const SERVER_MAC = Buffer.from([0x02, 0, 0, 0, 0, 0x02]);

/** Address bytes of both endpoints in one family: IPv4 when both can be written so, else IPv6 (v4 mapped). */
export function addressPair(client: string, server: string): { family: 4 | 6; client: Buffer; server: Buffer } {
  const v4Client = asIPv4(client);
  const v4Server = asIPv4(server);
  if (v4Client && v4Server) return { family: 4, client: ipv4Bytes(v4Client), server: ipv4Bytes(v4Server) };
  return { family: 6, client: ipv6Bytes(client), server: ipv6Bytes(server) };
}

function asIPv4(address: string): string | null {
  if (isIPv4(address)) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] && isIPv4(mapped[1]) ? mapped[1] : null;
}

function ipv4Bytes(address: string): Buffer {
  return Buffer.from(address.split('.').map(Number));
}

function ipv6Bytes(address: string): Buffer {
  const v4 = asIPv4(address);
  if (v4) return Buffer.concat([Buffer.alloc(10), Buffer.from([0xff, 0xff]), ipv4Bytes(v4)]);
  // Anything unparsable (e.g. a zone id) is recorded as the unspecified address rather than failing the session.
  const plain = address.split('%')[0] ?? '';
  if (!isIPv6(plain)) return Buffer.alloc(16);
  const [head = '', tail = ''] = plain.split('::');
  const groups = (text: string) => (text === '' ? [] : text.split(':'));
  const left = groups(head);
  const right = plain.includes('::') ? groups(tail) : [];
  const words = [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  const bytes = Buffer.alloc(16);
  for (const [index, word] of words.entries()) bytes.writeUInt16BE(Number.parseInt(word, 16), index * 2);
  return bytes;
}

/** The Internet checksum (RFC 1071) over the given buffers taken as one byte string. */
function checksum(parts: Buffer[]): number {
  // Plain numbers hold the running sum exactly (far below 2^53 for any packet), so it is folded once at the end.
  let sum = 0;
  let odd = -1;
  for (const part of parts) {
    let i = 0;
    if (odd >= 0 && part.length > 0) {
      sum += (odd << 8) | (part[0] as number);
      odd = -1;
      i = 1;
    }
    const end = part.length - ((part.length - i) % 2);
    for (; i < end; i += 2) sum += ((part[i] as number) << 8) | (part[i + 1] as number);
    if (end < part.length) odd = part[end] as number;
  }
  if (odd >= 0) sum += odd << 8;
  while (sum > 0xffff) sum = (sum % 0x10000) + Math.floor(sum / 0x10000);
  return ~sum & 0xffff;
}

export interface Segment {
  fromClient: boolean;
  seq: number;
  ack: number;
  flags: number;
  payload: Buffer;
}

/**
 * An Ethernet frame carrying one synthesized TCP segment between the two endpoints, with correct IP and TCP
 * checksums so capture tools validate it.
 */
export function tcpFrame(
  addresses: ReturnType<typeof addressPair>,
  client: Endpoint,
  server: Endpoint,
  segment: Segment,
  ipId: number,
): Buffer {
  const { fromClient, payload } = segment;
  const source = fromClient ? addresses.client : addresses.server;
  const destination = fromClient ? addresses.server : addresses.client;
  const tcp = Buffer.alloc(TCP_HEADER);
  tcp.writeUInt16BE(fromClient ? client.port : server.port, 0);
  tcp.writeUInt16BE(fromClient ? server.port : client.port, 2);
  tcp.writeUInt32BE(segment.seq >>> 0, 4);
  tcp.writeUInt32BE(segment.ack >>> 0, 8);
  tcp.writeUInt8((TCP_HEADER / 4) << 4, 12);
  tcp.writeUInt8(segment.flags, 13);
  tcp.writeUInt16BE(0xffff, 14);
  const tcpLength = TCP_HEADER + payload.length;
  const pseudo = addresses.family === 4 ? Buffer.alloc(12) : Buffer.alloc(40);
  if (addresses.family === 4) {
    source.copy(pseudo, 0);
    destination.copy(pseudo, 4);
    pseudo.writeUInt8(PROTOCOL_TCP, 9);
    pseudo.writeUInt16BE(tcpLength, 10);
  } else {
    source.copy(pseudo, 0);
    destination.copy(pseudo, 16);
    pseudo.writeUInt32BE(tcpLength, 32);
    pseudo.writeUInt8(PROTOCOL_TCP, 39);
  }
  tcp.writeUInt16BE(checksum([pseudo, tcp, payload]), 16);

  const ethernet = Buffer.alloc(ETHERNET_HEADER);
  (fromClient ? SERVER_MAC : CLIENT_MAC).copy(ethernet, 0);
  (fromClient ? CLIENT_MAC : SERVER_MAC).copy(ethernet, 6);
  ethernet.writeUInt16BE(addresses.family === 4 ? ETHERTYPE_IPV4 : ETHERTYPE_IPV6, 12);

  let ip: Buffer;
  if (addresses.family === 4) {
    ip = Buffer.alloc(IPV4_HEADER);
    ip.writeUInt8(0x45, 0);
    ip.writeUInt16BE(IPV4_HEADER + tcpLength, 2);
    ip.writeUInt16BE(ipId & 0xffff, 4);
    ip.writeUInt16BE(0x4000, 6); // don't fragment
    ip.writeUInt8(64, 8);
    ip.writeUInt8(PROTOCOL_TCP, 9);
    source.copy(ip, 12);
    destination.copy(ip, 16);
    ip.writeUInt16BE(checksum([ip]), 10);
  } else {
    ip = Buffer.alloc(IPV6_HEADER);
    ip.writeUInt32BE(0x60000000, 0);
    ip.writeUInt16BE(tcpLength, 4);
    ip.writeUInt8(PROTOCOL_TCP, 6);
    ip.writeUInt8(64, 7);
    source.copy(ip, 8);
    destination.copy(ip, 24);
  }
  return Buffer.concat([ethernet, ip, tcp, payload]);
}

/** Largest payload per synthesized segment, so every IPv4 packet stays within its 16-bit length. */
export const MAX_SEGMENT_PAYLOAD = 65_000;
