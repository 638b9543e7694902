import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../platform';

/** Debian's nginx binary (installed by .ci/run). */
export function nginxBinary(): string | undefined {
  return ['/usr/sbin/nginx', '/usr/bin/nginx'].find((candidate) => existsSync(candidate));
}

/**
 * nginx in front of the given upstream ports, as an operator would put it in front of two Flagpole
 * processes: round robin, websockets passed through (Upgrade), a failed connection tried on the other
 * process (`proxy_next_upstream error timeout`, never for a request already sent). Runs in the foreground as
 * this test's child, with its files in a temporary folder.
 */
export async function startNginx(upstreamPorts: readonly number[]) {
  const binary = nginxBinary();
  if (!binary) throw new Error('nginx is not installed (.ci/run installs it)');
  const dir = await mkdtemp(path.join(tmpdir(), 'flagpole-nginx-'));
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) await mkdir(path.join(dir, sub));
  const port = await freePort();
  const root = process.getuid?.() === 0;
  const config = `
${root ? 'user root;' : ''}
worker_processes 1;
error_log ${dir}/error.log warn;
pid ${dir}/nginx.pid;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream flagpole {
${upstreamPorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n')}
  }
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://flagpole;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_next_upstream error timeout;
      proxy_read_timeout 60s;
    }
  }
}
`;
  const file = path.join(dir, 'nginx.conf');
  await writeFile(file, config);
  const child: ChildProcess = spawn(binary, ['-p', dir, '-c', file, '-g', 'daemon off;'], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('nginx exited at start');
    try {
      await fetch(`${url}/api/config`);
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    url,
    /** nginx's error log so far (why it answered 502, say). */
    errors: () => readFile(path.join(dir, 'error.log'), 'utf8').catch(() => ''),
    async stop(): Promise<void> {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
