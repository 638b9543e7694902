import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdminAccount, generatedPasswordNotice } from '../src/services/startup.service';
import { TestClient } from './client';
import { createTestContext, type TestContext } from './harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** Captures log lines written through the app's logger interface. */
function recordingLog() {
  const lines: string[] = [];
  const record = (message: string) => {
    lines.push(message);
  };
  const log = {
    info: record,
    warn: record,
    error: record,
    debug: record,
    trace: record,
    fatal: record,
    silent: record,
    level: 'info',
    child: () => log,
  };
  return { lines, log: log as unknown as Parameters<typeof ensureAdminAccount>[0]['log'] };
}

describe('ensureAdminAccount', () => {
  it('creates admin once with a random password printed once, even when started concurrently', async () => {
    const { lines, log } = recordingLog();
    const printed: string[] = [];
    const announce = (text: string) => {
      printed.push(text);
    };
    const results = await Promise.all([
      ensureAdminAccount({ db: ctx.db, adminPassword: undefined, log, announce }),
      ensureAdminAccount({ db: ctx.db, adminPassword: undefined, log, announce }),
      ensureAdminAccount({ db: ctx.db, adminPassword: undefined, log, announce }),
    ]);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    const admins = await ctx.db.selectFrom('users').selectAll().where('user_name', '=', 'admin').execute();
    expect(admins).toHaveLength(1);
    expect(admins[0]).toMatchObject({ role: 'Admin', email_confirmed: true });

    expect(printed).toHaveLength(1);
    const password = /^\|\s+(\S+)\s+\|$/m.exec(printed[0] ?? '')?.[1] ?? '';
    expect(password).toMatch(/^\S{15,}$/);
    const login = await new TestClient(ctx.app).post('/api/account/login', { userName: 'admin', password });
    expect(login.statusCode).toBe(200);
    expect(lines.join('\n')).not.toContain(password);
    expect(lines.join('\n')).toContain('printed once to standard output');

    expect(await ensureAdminAccount({ db: ctx.db, adminPassword: 'Other-passw0rd', log })).toEqual({ created: false });
  });

  it('frames the password so that it stands out from the JSON log lines, on lines of its own', () => {
    const block = generatedPasswordNotice('Secret-Pa55word');
    const rows = block.trim().split('\n');
    expect(rows[0]).toMatch(/^\+-+\+$/);
    expect(rows.at(-1)).toBe(rows[0]);
    expect(new Set(rows.map((row) => row.length)).size).toBe(1);
    expect(rows.filter((row) => row.includes('Secret-Pa55word'))).toHaveLength(1);
    expect(block.startsWith('\n') && block.endsWith('\n')).toBe(true);
    expect(() => JSON.parse(rows[0] ?? '')).toThrow();
  });

  it('keeps the generated password out of the stored log and the process log of a running app', async () => {
    const output: string[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        output.push(String(chunk));
        done();
      },
    });
    const fresh = await createTestContext({ LOG_LEVEL: 'trace' }, { logStream });
    try {
      const printed: string[] = [];
      await ensureAdminAccount({
        db: fresh.db,
        adminPassword: undefined,
        log: fresh.app.log,
        announce: (text) => printed.push(text),
      });
      const password = /^\|\s+(\S+)\s+\|$/m.exec(printed.join(''))?.[1] ?? '';
      expect(password).not.toBe('');
      await fresh.app.services.admin.flushLogs();
      const stored = await fresh.db.selectFrom('logs').select('message').execute();
      expect(stored.map((row) => row.message)).toContainEqual(expect.stringContaining('generated password'));
      expect(JSON.stringify(stored)).not.toContain(password);
      expect(output.join('')).not.toContain(password);
    } finally {
      await fresh.close();
    }
  });

  it('uses ADMIN_PASSWORD without printing it', async () => {
    const other = await createTestContext();
    try {
      const { lines, log } = recordingLog();
      await ensureAdminAccount({ db: other.db, adminPassword: 'Secret-Adm1n', log });
      expect(lines.join('\n')).not.toContain('Secret-Adm1n');
      const login = await new TestClient(other.app).post('/api/account/login', {
        userName: 'admin',
        password: 'Secret-Adm1n',
      });
      expect(login.statusCode).toBe(200);
      const profile = await new TestClient(other.app).get('/api/account/profile');
      expect(profile.statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });
});
