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

  it('treats empty variables as not set', () => {
    const config = loadConfig({ DATABASE_URL: '', REDIS_URL: '', PORT: '' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.PORT).toBe(8080);
  });

  it('parses booleans and trims the public URL', () => {
    const config = loadConfig({ RATE_LIMIT: 'off', PUBLIC_URL: 'https://ctf.example.org/' });
    expect(config.RATE_LIMIT).toBe(false);
    expect(config.publicUrl).toBe('https://ctf.example.org');
  });
});
