import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../src/i18n/messages';
import type { TestClient } from './client';
import { createGame, expectError, ok, signUpAdmin } from './game-fixtures';
import { createTestContext, json, type TestContext } from './harness';

/** A DynamicContainer challenge's flag template must make flags other teams cannot guess. */

let ctx: TestContext;
let admin: TestClient;
let challengeUrl: (type: string) => Promise<string>;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUpAdmin(ctx, 'template_admin');
  const game = await createGame(ctx, admin);
  challengeUrl = async (type) => {
    const url = `/api/edit/games/${game.id}/challenges`;
    const created = ok<{ id: number }>(await admin.post(url, { title: `${type} template`, type }));
    return `${url}/${created.id}`;
  };
});
afterAll(() => ctx.close());

const storedTemplate = async (url: string) => ok<{ flagTemplate: string | null }>(await admin.get(url)).flagTemplate;

describe('PUT /api/edit/games/{id}/challenges/{cId} with a flag template', () => {
  it('saves templates with a placeholder or at least 32 bits of look-alikes', async () => {
    const url = await challengeUrl('DynamicContainer');
    for (const template of [
      'flag{[TEAM_HASH]}',
      'flag{[GUID]}',
      '[LEET]flag{[TEAM_HASH]_welcome}',
      `flag{${'x'.repeat(32)}}`,
      `[CLEET]flag{${'a'.repeat(16)}}`,
      'flag{this_is_a_long_and_secret_sentence}',
    ]) {
      ok(await admin.put(url, { flagTemplate: template }));
      expect(await storedTemplate(url)).toBe(template);
    }
  });

  it('refuses a guessable template with a localised 400 and keeps the one saved', async () => {
    const url = await challengeUrl('DynamicContainer');
    ok(await admin.put(url, { flagTemplate: 'flag{[GUID]}' }));
    for (const template of [
      'flag{2024}',
      'flag{hello}',
      `flag{${'x'.repeat(31)}}`,
      `[LEET]flag{${'a'.repeat(16)}}`,
      'no braces here',
    ]) {
      expectError(await admin.put(url, { flagTemplate: template }), 400);
      expect(await storedTemplate(url)).toBe('flag{[GUID]}');
    }
    const german = await admin.put(url, { flagTemplate: 'flag{hello}' }, { headers: { 'accept-language': 'de-DE' } });
    expect(json(german)).toEqual({
      title: translate('de-DE', 'error.flagTemplateTooGuessable', { bits: 32 }),
      status: 400,
    });
  });

  it('refuses a template whose flags would be longer than a player may submit', async () => {
    const url = await challengeUrl('DynamicContainer');
    const response = await admin.put(url, { flagTemplate: `[GUID][GUID][GUID]${'x'.repeat(20)}` });
    expectError(response, 400);
    expect(json(response)).toEqual({
      title: translate('en-US', 'error.flagTemplateTooLong', { max: 127 }),
      status: 400,
    });
    expect(await storedTemplate(url)).toBeNull();
  });

  it('refuses the weak template when it comes with other changes, changing nothing', async () => {
    const url = await challengeUrl('DynamicContainer');
    expectError(await admin.put(url, { title: 'Renamed', flagTemplate: 'flag{x}' }), 400);
    expect(ok<{ title: string }>(await admin.get(url)).title).toBe('DynamicContainer template');
  });

  it('checks only DynamicContainer challenges, and an empty template clears it', async () => {
    const url = await challengeUrl('StaticContainer');
    ok(await admin.put(url, { flagTemplate: 'flag{x}' }));
    const dynamic = await challengeUrl('DynamicContainer');
    ok(await admin.put(dynamic, { flagTemplate: 'flag{[GUID]}' }));
    ok(await admin.put(dynamic, { flagTemplate: '' }));
    expect(await storedTemplate(dynamic)).toBeNull();
  });
});
