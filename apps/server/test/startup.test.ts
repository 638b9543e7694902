import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdminAccount } from '../src/services/startup.service';
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
    const results = await Promise.all([
      ensureAdminAccount({ db: ctx.db, adminPassword: undefined, log }),
      ensureAdminAccount({ db: ctx.db, adminPassword: undefined, log }),
      ensureAdminAccount({ db: ctx.db, adminPassword: undefined, log }),
    ]);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    const admins = await ctx.db.selectFrom('users').selectAll().where('user_name', '=', 'admin').execute();
    expect(admins).toHaveLength(1);
    expect(admins[0]).toMatchObject({ role: 'Admin', email_confirmed: true });

    const withPassword = lines.filter((l) => l.includes('generated password'));
    expect(withPassword).toHaveLength(1);
    const password = /generated password (\S+)/.exec(withPassword[0] ?? '')?.[1] ?? '';
    const login = await new TestClient(ctx.app).post('/api/account/login', { userName: 'admin', password });
    expect(login.statusCode).toBe(200);

    expect(await ensureAdminAccount({ db: ctx.db, adminPassword: 'Other-passw0rd', log })).toEqual({ created: false });
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
