import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SUPPORTED_LANGUAGES } from '@flagpole/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Platform, startPlatform } from '../src/platform';

/**
 * The built server (apps/server/dist, what `npm start` runs) carries everything the sources have: the message
 * catalogues of every language and the OpenAPI document. Tests that run the sources cannot see a file the
 * bundle lacks.
 */

const catalogueDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/server/src/i18n/locales');
const catalogue = (language: string) =>
  JSON.parse(readFileSync(path.join(catalogueDir, `${language}.json`), 'utf8')) as Record<string, string>;

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(() => platform.stop());

describe('the built server', () => {
  it('answers error titles in the caller language, in every language', async () => {
    for (const language of SUPPORTED_LANGUAGES) {
      const response = await fetch(`${platform.url}/api/no-such-endpoint`, {
        headers: { 'accept-language': language },
      });
      expect(response.status).toBe(404);
      expect(await response.json(), language).toEqual({
        title: catalogue(language)['error.routeNotFound'],
        status: 404,
      });
    }
    const japanese = await fetch(`${platform.url}/api/no-such-endpoint`, { headers: { 'accept-language': 'ja-JP' } });
    expect(((await japanese.json()) as { title: string }).title).not.toBe(catalogue('en-US')['error.routeNotFound']);
  });

  it('serves its OpenAPI document', async () => {
    const response = await fetch(`${platform.url}/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const document = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths).length).toBeGreaterThan(80);
    expect(document.paths).toHaveProperty(['/api/game/{id}/scoreboard']);
  });

  it('serves the web application under its security headers', async () => {
    const response = await fetch(`${platform.url}/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<div id="root">');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
