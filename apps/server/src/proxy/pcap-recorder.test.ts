import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../lib/clock';
import { PcapRecorder } from './pcap-recorder';
import { captureProblems, followFirstStream } from './tshark';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

async function record(client: string, server: string, script: (recorder: PcapRecorder) => void): Promise<string> {
  dir = await mkdtemp(path.join(tmpdir(), 'flagpole-pcap-'));
  const file = path.join(dir, 'stream.pcap');
  const recorder = new PcapRecorder(
    createWriteStream(file),
    { address: client, port: 51_234 },
    { address: server, port: 8080 },
    new FakeClock(),
  );
  script(recorder);
  await recorder.close(true);
  return file;
}

describe('pcap recorder', () => {
  it('writes a stream tshark reassembles byte for byte in both directions, with valid checksums', async () => {
    const big = randomBytes(150_000); // spans several synthesized segments
    const file = await record('203.0.113.7', '172.17.0.5', (recorder) => {
      recorder.fromClient(Buffer.from('hello\n'));
      recorder.fromClient(Buffer.from('odd'));
      recorder.fromServer(Buffer.from('hello\n'));
      recorder.fromClient(big);
      recorder.fromServer(Buffer.from([0, 255, 13, 10]));
    });
    const stream = followFirstStream(file);
    expect(stream.fromClient.equals(Buffer.concat([Buffer.from('hello\nodd'), big]))).toBe(true);
    expect(stream.fromServer.equals(Buffer.from([...Buffer.from('hello\n'), 0, 255, 13, 10]))).toBe(true);
    expect(captureProblems(file)).toBe('');
  });

  it('records IPv6 clients, mapping an IPv4 server address', async () => {
    const file = await record('2001:db8::1', '10.0.0.2', (recorder) => {
      recorder.fromClient(Buffer.from('ping'));
      recorder.fromServer(Buffer.from('pong!'));
    });
    const stream = followFirstStream(file);
    expect(stream.fromClient.toString()).toBe('ping');
    expect(stream.fromServer.toString()).toBe('pong!');
    expect(captureProblems(file)).toBe('');
  });

  it('writes the handshake and the closing exchange even for an empty connection', async () => {
    const file = await record('::ffff:127.0.0.1', '127.0.0.1', () => undefined);
    const { execFileSync } = await import('node:child_process');
    const flags = execFileSync('tshark', ['-r', file, '-T', 'fields', '-e', 'tcp.flags.str'], { encoding: 'utf8' });
    const names = flags
      .trim()
      .split('\n')
      .map((f) => f.replace(/[^A-Z]/g, ''));
    expect(names).toEqual(['S', 'AS', 'A', 'AF', 'AF', 'A']);
  });
});
