import { spawn } from 'node:child_process';
import path from 'node:path';

/*
 * What the command's end-to-end tests need around the built server: a signed-in browser-less session (cookies
 * and the XSRF echo, as the web application sends them), and the built command run as a child process.
 */

const cliBin = path.resolve(import.meta.dirname, '../../bin/flagpole.js');

/** A user's cookie session on the server. */
export class Session {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly base: string) {}

  async call<T = unknown>(method: string, route: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (this.cookies.size > 0) headers.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (xsrf && method !== 'GET') headers['X-XSRF-TOKEN'] = decodeURIComponent(xsrf);
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(`${this.base}${route}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (pair && at > 0) this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${route}: HTTP ${response.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** The first answer sets the XSRF cookie that the sign-in must echo. */
  async signIn(userName: string, password: string): Promise<void> {
    await this.call('GET', '/api/account/profile').catch(() => undefined);
    await this.call('POST', '/api/account/login', { userName, password });
  }

  async register(userName: string, password: string): Promise<void> {
    await this.call('GET', '/api/account/profile').catch(() => undefined);
    await this.call('POST', '/api/account/register', { userName, email: `${userName}@example.org`, password });
  }
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `flagpole ARGS` in `cwd` with the given environment added (no terminal: stdin is closed). */
export function runCli(args: string[], env: Record<string, string>, cwd: string): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliBin, ...args], {
      cwd,
      env: { ...process.env, NO_COLOR: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}
