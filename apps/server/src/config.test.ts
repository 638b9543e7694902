import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.RATE_LIMIT).toBe(true);
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.dataDir).toMatch(/data$/);
  });

  it('names every bad variable in one message', () => {
    const attempt = () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', CAPTCHA_PROVIDER: 'Recaptcha' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL');
      expect(message).toContain('CAPTCHA_PROVIDER');
    }
  });

  it('caps live connections per address, per user and per process, with idle and handshake timeouts', () => {
    expect(loadConfig({})).toMatchObject({
      LIVE_MAX_PER_ADDRESS: 256,
      LIVE_MAX_PER_USER: 32,
      LIVE_MAX_CONNECTIONS: 10_000,
      LIVE_IDLE_SECONDS: 60,
      LIVE_HANDSHAKE_SECONDS: 15,
    });
    // An on-site event or a load benchmark raises them.
    expect(loadConfig({ LIVE_MAX_PER_ADDRESS: '100000' }).LIVE_MAX_PER_ADDRESS).toBe(100_000);
    for (const bad of [
      { LIVE_MAX_PER_ADDRESS: '0' },
      { LIVE_MAX_PER_USER: 'many' },
      { LIVE_MAX_CONNECTIONS: '1.5' },
      { LIVE_IDLE_SECONDS: '0' },
      { LIVE_HANDSHAKE_SECONDS: '301' },
    ]) {
      expect(() => loadConfig(bad), Object.keys(bad)[0]).toThrow(Object.keys(bad)[0]);
    }
  });

  it('treats empty variables as not set', () => {
    const config = loadConfig({ DATABASE_URL: '', REDIS_URL: '', PORT: '' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.PORT).toBe(8080);
  });

  it('checks the Redis prefix and the database timeouts', () => {
    const defaults = loadConfig({});
    expect(defaults.REDIS_PREFIX).toBe('flagpole:');
    expect(defaults.DATABASE_CONNECT_TIMEOUT_SECONDS).toBe(1);
    expect(defaults.DATABASE_STATEMENT_TIMEOUT_SECONDS).toBe(60);
    expect(loadConfig({ REDIS_PREFIX: 'ctf-b:', DATABASE_CONNECT_TIMEOUT_SECONDS: '0.5' })).toMatchObject({
      REDIS_PREFIX: 'ctf-b:',
      DATABASE_CONNECT_TIMEOUT_SECONDS: 0.5,
    });
    for (const env of [
      { REDIS_PREFIX: 'has space' },
      { REDIS_PREFIX: '*' },
      { DATABASE_STATEMENT_TIMEOUT_SECONDS: '0' },
    ]) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(ConfigError);
    }
  });

  it('parses booleans and trims the public URL', () => {
    const config = loadConfig({ RATE_LIMIT: 'off', PUBLIC_URL: 'https://ctf.example.org/' });
    expect(config.RATE_LIMIT).toBe(false);
    expect(config.publicUrl).toBe('https://ctf.example.org');
  });

  it('needs a bucket for S3 storage, and both halves of static S3 credentials', () => {
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(/S3_BUCKET: is required when STORAGE=s3/);
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ S3_PREFIX: 'no-slash' })).toThrow(/S3_PREFIX/);
    const config = loadConfig({ STORAGE: 's3', S3_BUCKET: 'files', S3_PREFIX: 'ctf/2026/' });
    expect(config).toMatchObject({ S3_REGION: 'us-east-1', S3_DOWNLOADS: 'stream', S3_PRESIGN_SECONDS: 300 });
  });

  it('takes metrics on their own port or behind a token of at least 16 characters', () => {
    expect(loadConfig({ METRICS_PORT: '9464' }).METRICS_PORT).toBe(9464);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });

  describe('single sign-on', () => {
    const oidc = { OIDC_ISSUER: 'https://id.example.org', OIDC_CLIENT_ID: 'flagpole', OIDC_CLIENT_SECRET: 's3cret' };
    const problemOf = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    };

    it('takes an OpenID Connect provider with its defaults and CTFtime with its default endpoints', () => {
      expect(loadConfig(oidc)).toMatchObject({ OIDC_NAME: 'OpenID Connect', OIDC_SCOPES: 'openid email profile' });
      expect(loadConfig({ CTFTIME_CLIENT_ID: '2500', CTFTIME_CLIENT_SECRET: 'x' }).CTFTIME_OAUTH_URL).toBe(
        'https://oauth.ctftime.org',
      );
      expect(loadConfig({ ...oidc, OIDC_ONLY: 'true' }).OIDC_ONLY).toBe(true);
    });

    it('refuses an issuer without its client, half a CTFtime client, and OIDC_ONLY with no provider', () => {
      expect(problemOf({ OIDC_ISSUER: 'https://id.example.org' })).toContain('OIDC_CLIENT_ID');
      expect(problemOf({ ...oidc, OIDC_CLIENT_SECRET: '' })).toContain('OIDC_CLIENT_SECRET');
      expect(problemOf({ CTFTIME_CLIENT_ID: '2500' })).toContain('CTFTIME_CLIENT_SECRET');
      expect(problemOf({ CTFTIME_CLIENT_ID: 'event', CTFTIME_CLIENT_SECRET: 'x' })).toContain('CTFTIME_CLIENT_ID');
      expect(problemOf({ OIDC_ONLY: 'true' })).toContain('OIDC_ONLY');
    });

    it('sends tokens over plain HTTP only to loopback, and asks for the openid scope', () => {
      expect(problemOf({ ...oidc, OIDC_ISSUER: 'http://id.example.org' })).toContain('OIDC_ISSUER');
      expect(problemOf({ ...oidc, OIDC_ISSUER: 'http://127.0.0.1:4000' })).toBe('');
      expect(problemOf({ CTFTIME_OAUTH_URL: 'http://ctftime.example' })).toContain('CTFTIME_OAUTH_URL');
      expect(problemOf({ CTFTIME_OAUTH_URL: 'http://[::1]:9000' })).toBe('');
      expect(problemOf({ ...oidc, OIDC_SCOPES: 'email profile' })).toContain('OIDC_SCOPES');
    });
  });
});
