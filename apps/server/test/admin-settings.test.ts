import { Redis } from 'ioredis';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { randomHex } from '../src/lib/crypto';
import { RedisEventBus } from '../src/lib/event-bus';
import { TestClient } from './client';
import { del, expectError, ok, signUpAdmin } from './game-fixtures';
import { createTestContext, json, type TestContext } from './harness';
import { multipartBody } from './multipart';

interface ConfigEditModel {
  accountPolicy: Record<string, unknown>;
  globalConfig: Record<string, unknown> & { title: string; logoHash: string | null; faviconHash: string | null };
  containerPolicy: Record<string, unknown>;
}

let ctx: TestContext;
let admin: TestClient;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUpAdmin(ctx, 'settings_admin');
});
afterAll(() => ctx.close());

const png = (width: number) =>
  sharp({ create: { width, height: width, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();

describe('GET, PUT /api/admin/config', () => {
  it('returns every section filled', async () => {
    const config = ok<ConfigEditModel>(await admin.get('/api/admin/config'));
    expect(Object.keys(config.accountPolicy).sort()).toEqual(
      ['activeOnRegister', 'allowRegister', 'emailConfirmationRequired', 'emailDomainList', 'useCaptcha'].sort(),
    );
    expect(config.globalConfig).toMatchObject({ title: 'Flagpole', apiEncryption: false, logoHash: null });
    expect(config.containerPolicy).toMatchObject({ defaultLifetime: 120, extensionDuration: 120, renewalWindow: 10 });
  });

  it('applies a change at once: the client config and its ETag change without a restart', async () => {
    const before = await new TestClient(ctx.app).get('/api/config');
    ok(await admin.put('/api/admin/config', { globalConfig: { title: 'Spring CTF', customTheme: '#ff8800' } }));
    const after = await new TestClient(ctx.app).get('/api/config');
    expect(json(after)).toMatchObject({ title: 'Spring CTF', customTheme: '#ff8800' });
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const stale = await new TestClient(ctx.app).get('/api/config', {
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(stale.statusCode).toBe(200);
    // Fields not sent keep their value; the stored settings survive a reload from the database.
    await ctx.app.services.settings.load();
    const config = ok<ConfigEditModel>(await admin.get('/api/admin/config'));
    expect(config.globalConfig).toMatchObject({ title: 'Spring CTF', slogan: 'Hack for fun not for profit' });
  });

  it('publishes the organiser’s About text in the client config and limits its length', async () => {
    const about = '## Who we are\n\nThe **Spring CTF** is run by the security club.';
    ok(await admin.put('/api/admin/config', { globalConfig: { aboutText: about } }));
    expect(json(await new TestClient(ctx.app).get('/api/config'))).toMatchObject({ aboutText: about });
    expect(ok<ConfigEditModel>(await admin.get('/api/admin/config')).globalConfig.aboutText).toBe(about);
    expectError(await admin.put('/api/admin/config', { globalConfig: { aboutText: 'x'.repeat(8193) } }), 400);
    ok(await admin.put('/api/admin/config', { globalConfig: { aboutText: null } }));
    expect(json(await new TestClient(ctx.app).get('/api/config'))).toMatchObject({ aboutText: null });
  });

  it('tells players whether they change their e-mail by a mailed link (mail set up and confirmation on)', async () => {
    // The test app has no mail server: e-mail changes stay with the administrators, whatever the policy says
    // (the switch cannot be turned on without mail, but may have been on before mail was removed).
    await ctx.app.services.settings.update('accountPolicy', { emailConfirmationRequired: true });
    expect(json(await new TestClient(ctx.app).get('/api/config'))).toMatchObject({ emailChangeByLink: false });
    ok(await admin.put('/api/admin/config', { accountPolicy: { emailConfirmationRequired: false } }));
  });

  it('applies the account policy to registration', async () => {
    ok(await admin.put('/api/admin/config', { accountPolicy: { allowRegister: false } }));
    const refused = await new TestClient(ctx.app, '10.30.0.1').post('/api/account/register', {
      userName: 'late_lee',
      email: 'late@example.com',
      password: 'Passw0rd!x',
    });
    expect(refused.statusCode).toBe(400);
    ok(await admin.put('/api/admin/config', { accountPolicy: { allowRegister: true } }));
  });

  it('refuses wrong types, bad colours, out-of-range numbers and encryption, ignores unknown keys; nothing changes', async () => {
    const before = ok<ConfigEditModel>(await admin.get('/api/admin/config'));
    // Fields the model does not define are ignored, as everywhere in the API (docs/ARCHITECTURE.md).
    ok(await admin.put('/api/admin/config', { globalConfig: { titel: 'typo' }, somethingElse: {} }));
    const bad = [
      { globalConfig: { title: 42 } },
      { globalConfig: { title: '   ' } },
      { globalConfig: { title: 'x'.repeat(65) } },
      { globalConfig: { customTheme: 'red' } },
      { globalConfig: { apiEncryption: true } },
      { accountPolicy: { allowRegister: 'yes' } },
      { containerPolicy: { defaultLifetime: 0 } },
      { containerPolicy: { renewalWindow: 1e9 } },
      { containerPolicy: { portMapping: 'Tunnel' } },
      [],
    ];
    for (const body of bad) expectError(await admin.put('/api/admin/config', body), 400);
    expectError(await admin.put('/api/admin/config', 'plain text'), 415);
    expectError(
      await admin.put('/api/admin/config', undefined, {
        raw: { body: '{"globalConfig":', contentType: 'application/json' },
      }),
      400,
    );
    expect(ok<ConfigEditModel>(await admin.get('/api/admin/config'))).toEqual(before);
  });

  it('ignores logo hashes in the edit and skips null sections', async () => {
    ok(await admin.put('/api/admin/config', { globalConfig: { logoHash: 'a'.repeat(64) }, accountPolicy: null }));
    expect(ok<ConfigEditModel>(await admin.get('/api/admin/config')).globalConfig.logoHash).toBeNull();
  });
});

describe('POST, DELETE /api/admin/config/logo', () => {
  it('stores a re-encoded logo and favicon, shows it in the client config, and resets it', async () => {
    const upload = multipartBody('file', 'logo.png', 'image/png', await png(900));
    ok(await admin.post('/api/admin/config/logo', undefined, { raw: upload }));
    const config = ok<ConfigEditModel>(await admin.get('/api/admin/config'));
    const { logoHash, faviconHash } = config.globalConfig;
    expect(logoHash).toMatch(/^[0-9a-f]{64}$/);
    expect(faviconHash).toMatch(/^[0-9a-f]{64}$/);
    const client = json<{ logoUrl: string }>(await new TestClient(ctx.app).get('/api/config'));
    expect(client.logoUrl).toBe(`/assets/${logoHash}/logo`);
    const logo = await new TestClient(ctx.app).get(client.logoUrl);
    expect(logo.statusCode).toBe(200);
    expect((await sharp(logo.rawPayload).metadata()).width).toBe(640);

    ok(await del(admin, '/api/admin/config/logo'));
    expect(json<{ logoUrl: string | null }>(await new TestClient(ctx.app).get('/api/config')).logoUrl).toBeNull();
    const files = await ctx.db.selectFrom('files').select(['hash', 'reference_count']).execute();
    expect(files.find((f) => f.hash === logoHash)?.reference_count).toBe(0);
  });

  it('refuses a missing, empty or non-image file with 4xx and keeps the current logo', async () => {
    const text = multipartBody('file', 'a.png', 'image/png', Buffer.from('no'));
    expectError(await admin.post('/api/admin/config/logo', undefined, { raw: text }), 400);
    const wrongPart = multipartBody('logo', 'a.png', 'image/png', await png(10));
    expectError(await admin.post('/api/admin/config/logo', undefined, { raw: wrongPart }), 400);
    expectError(await admin.post('/api/admin/config/logo', { file: 'x' }), 415);
    expect(ok<ConfigEditModel>(await admin.get('/api/admin/config')).globalConfig.logoHash).toBeNull();
  });
});

describe('GET /api/admin/files', () => {
  it('lists stored files with sizes, newest first', async () => {
    const upload = multipartBody('file', 'l.png', 'image/png', await png(300));
    ok(await admin.post('/api/admin/config/logo', undefined, { raw: upload }));
    const page = ok<{ data: Array<{ hash: string; size: number; name: string }>; length: number; total: number }>(
      await admin.get('/api/admin/files?count=10'),
    );
    expect(page.length).toBeGreaterThanOrEqual(2);
    expect(page.total).toBe(page.length);
    expect(page.data[0]).toMatchObject({ hash: expect.stringMatching(/^[0-9a-f]{64}$/), size: expect.any(Number) });
    expect(ok<{ length: number }>(await admin.get('/api/admin/files?count=1&skip=0')).length).toBe(1);
    expectError(await admin.get('/api/admin/files?count=501'), 400);
  });
});

describe('settings across server processes', () => {
  it('a change saved by one process is applied by another sharing the database (Redis bus)', async () => {
    const prefix = `flagpole-test-${randomHex(6)}:`;
    const redis = () => new Redis('redis://127.0.0.1:6379');
    const busA = new RedisEventBus(redis(), redis(), prefix);
    const busB = new RedisEventBus(redis(), redis(), prefix);
    const deps = { config: ctx.config, db: ctx.db, clock: ctx.clock, store: ctx.store };
    const appA = await buildApp({ ...deps, events: busA });
    const appB = await buildApp({ ...deps, events: busB });
    try {
      await appA.ready();
      await appB.ready();
      const adminA = new TestClient(appA, '10.31.0.1');
      ok(await adminA.post('/api/account/login', { userName: 'settings_admin', password: 'Passw0rd!x' }));
      const etagBefore = (await new TestClient(appB).get('/api/config')).headers.etag;
      ok(await adminA.put('/api/admin/config', { globalConfig: { title: 'Shared Title', slogan: 'Across' } }));
      let seen: { title?: string } = {};
      for (let i = 0; i < 50 && seen.title !== 'Shared Title'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        seen = json(await new TestClient(appB).get('/api/config'));
      }
      expect(seen).toMatchObject({ title: 'Shared Title', slogan: 'Across' });
      expect((await new TestClient(appB).get('/api/config')).headers.etag).not.toBe(etagBefore);
    } finally {
      await appA.close();
      await appB.close();
      await busA.close();
      await busB.close();
    }
  });
});

describe('the captcha switch and the configured provider', () => {
  it('refuses to turn the captcha on without a provider, and says so in the client config', async () => {
    ok(await admin.put('/api/admin/config', { accountPolicy: { useCaptcha: false } }));
    expect(json(await new TestClient(ctx.app).get('/api/config'))).toMatchObject({ captchaEnabled: false });
    const refused = await admin.put('/api/admin/config', { accountPolicy: { useCaptcha: true } });
    expectError(refused, 400);
    expect(json<{ title: string }>(refused).title).toContain('CAPTCHA_PROVIDER');
    const config = ok<ConfigEditModel>(await admin.get('/api/admin/config'));
    expect(config.accountPolicy.useCaptcha).toBe(false);
    // The rest of the section still saves.
    ok(await admin.put('/api/admin/config', { accountPolicy: { useCaptcha: false, allowRegister: true } }));
  });

  it('lets an administrator turn it on and off when HashPow is configured', async () => {
    const withPow = await createTestContext({ CAPTCHA_PROVIDER: 'HashPow' });
    try {
      // The configured provider turns the captcha on by default; signing up needs it off.
      await withPow.app.services.settings.update('accountPolicy', { useCaptcha: false });
      const powAdmin = await signUpAdmin(withPow, 'pow_admin');
      ok(await powAdmin.put('/api/admin/config', { accountPolicy: { useCaptcha: true } }));
      expect(json(await new TestClient(withPow.app).get('/api/config'))).toMatchObject({ captchaEnabled: true });
    } finally {
      await withPow.close();
    }
  });
});

describe('e-mail confirmation and the mail transport', () => {
  it('refuses to require confirmed addresses without mail; a switch already on can be saved and turned off', async () => {
    ok(await admin.put('/api/admin/config', { accountPolicy: { emailConfirmationRequired: false } }));
    expect(json(await new TestClient(ctx.app).get('/api/config'))).toMatchObject({ mailEnabled: false });
    const refused = await admin.put('/api/admin/config', { accountPolicy: { emailConfirmationRequired: true } });
    expectError(refused, 400);
    expect(json<{ title: string }>(refused).title).toContain('SMTP_URL');
    const german = await admin.put(
      '/api/admin/config',
      { accountPolicy: { emailConfirmationRequired: true } },
      { headers: { 'accept-language': 'de-DE' } },
    );
    expect(json<{ title: string }>(german).title).toContain('E-Mail ist nicht konfiguriert');
    expect(ok<ConfigEditModel>(await admin.get('/api/admin/config')).accountPolicy.emailConfirmationRequired).toBe(
      false,
    );
    await ctx.app.services.settings.update('accountPolicy', { emailConfirmationRequired: true });
    ok(
      await admin.put('/api/admin/config', { accountPolicy: { emailConfirmationRequired: true, allowRegister: true } }),
    );
    ok(await admin.put('/api/admin/config', { accountPolicy: { emailConfirmationRequired: false } }));
  });
});

describe('the platform proxy and the container engine', () => {
  it('refuses PlatformProxy without a container engine, and keeps the current port mapping', async () => {
    ok(await admin.put('/api/admin/config', { containerPolicy: { portMapping: 'Default' } }));
    const refused = await admin.put('/api/admin/config', { containerPolicy: { portMapping: 'PlatformProxy' } });
    expectError(refused, 400);
    expect(json<{ title: string }>(refused).title).toContain('CONTAINER_ENGINE');
    const config = ok<ConfigEditModel>(await admin.get('/api/admin/config'));
    expect(config.containerPolicy.portMapping).toBe('Default');
    // A proxy already chosen (before the engine was removed) can still be saved, then switched back.
    await ctx.app.services.settings.update('containerPolicy', { portMapping: 'PlatformProxy' });
    ok(await admin.put('/api/admin/config', { containerPolicy: { portMapping: 'PlatformProxy', renewalWindow: 10 } }));
    ok(await admin.put('/api/admin/config', { containerPolicy: { portMapping: 'Default' } }));
  });
});
