import { execFileSync } from 'node:child_process';

/**
 * Test helper: what tshark reassembles of the first TCP stream of a capture file, as the bytes each side
 * sent (tshark's `follow,tcp,raw` output, hex per chunk, server-to-client chunks indented).
 */
export function followFirstStream(file: string): { fromClient: Buffer; fromServer: Buffer } {
  const output = execFileSync('tshark', ['-r', file, '-q', '-z', 'follow,tcp,raw,0'], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const lines = output.split('\n');
  const start = lines.findIndex((line) => line.startsWith('Node 1:'));
  const fromClient: Buffer[] = [];
  const fromServer: Buffer[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('=')) break;
    if (line.trim() === '') continue;
    const target = line.startsWith('\t') ? fromServer : fromClient;
    target.push(Buffer.from(line.trim(), 'hex'));
  }
  return { fromClient: Buffer.concat(fromClient), fromServer: Buffer.concat(fromServer) };
}

/**
 * Test helper: packets tshark finds fault with at the IP and TCP level (bad checksums, TCP analysis flags such
 * as lost segments or window problems, malformed packets). Application dissectors are off: the payload is
 * whatever the test sent (random bytes to port 8080 are not good HTTP, and need not be).
 */
export function captureProblems(file: string): string {
  return execFileSync(
    'tshark',
    [
      '-r',
      file,
      '--disable-protocol',
      'http',
      '-o',
      'tcp.check_checksum:TRUE',
      '-o',
      'ip.check_checksum:TRUE',
      '-Y',
      'tcp.analysis.flags || tcp.checksum.status == 0 || ip.checksum.status == 0 || _ws.malformed || _ws.expert.severity >= warning',
    ],
    { encoding: 'utf8' },
  ).trim();
}
