import type { ConfigEditModel, WebhookCreatedModel, WebhookModel } from '@flagpole/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './client';
import { expectError, ok, signUpAdmin } from './game-fixtures';
import { createTestContext, type TestContext } from './harness';
import { addFlag, createChallenge, createGame, createPlayer } from './play-fixtures';
import { type Receiver, startReceiver } from './webhook-receiver';

/*
 * Webhooks end to end (docs/integrations.md, "Webhooks"): the three bloods of a challenge with their medals, and the
 * language of chat messages: the webhook's own, else the platform's default language (admin settings).
 */

const HOUR = 3_600_000;

let ctx: TestContext;
let admin: TestClient;
let receiver: Receiver;

async function runQueue(): Promise<void> {
  await ctx.app.services.play.flagChecker.drain();
  await ctx.app.services.webhooks.drain();
  await ctx.app.services.webhooks.tick();
  await ctx.app.services.webhooks.tick();
}

async function createHook(body: Record<string, unknown>): Promise<WebhookCreatedModel> {
  return ok<WebhookCreatedModel>(await admin.post('/api/admin/webhooks', { url: receiver.url, ...body }));
}

async function newGame(title: string): Promise<number> {
  const now = ctx.clock.now().getTime();
  return createGame(ctx.db, { start: new Date(now - HOUR), end: new Date(now + HOUR), title });
}

/** Headlines of the Slack messages received, in order. */
const slackHeadlines = () => receiver.received.map((r) => (JSON.parse(r.body) as { text: string }).text.split('\n')[0]);

beforeAll(async () => {
  ctx = await createTestContext({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_TIMEOUT_SECONDS: '0.5' });
  receiver = await startReceiver();
  admin = await signUpAdmin(ctx, 'bloodadmin');
});
afterAll(async () => {
  await ctx.close();
  await receiver.close();
});

describe('bloods', () => {
  it('delivers first, second and third blood as three teams solve, each with its medal; the fourth none', async () => {
    const game = await newGame('Medals');
    const challenge = await createChallenge(ctx.db, game, { title: 'Podium', originalScore: 500 });
    await addFlag(ctx.db, challenge, 'flag{podium}');
    const generic = await createHook({
      format: 'generic',
      events: ['blood.first', 'blood.second', 'blood.third'],
      gameId: game,
    });
    await createHook({
      format: 'discord',
      language: 'en-US',
      events: ['blood.first', 'blood.second', 'blood.third'],
      gameId: game,
    });
    const players = [];
    for (const name of ['gold', 'silver', 'bronze', 'late'])
      players.push(await createPlayer(ctx.app, ctx.db, game, `blood${name}`));
    receiver.received.length = 0;
    for (const player of players) {
      ok(await player.client.post(`/api/game/${game}/challenges/${challenge}`, { flag: 'flag{podium}' }));
      await runQueue();
    }
    await runQueue();

    const bodies = receiver.received
      .filter((r) => 'type' in (JSON.parse(r.body) as object))
      .map(
        (r) => receiver.verify(r, generic.secret) as { type: string; data: { rank: number; team: { name: string } } },
      );
    expect(bodies.map((b) => [b.type, b.data.rank, b.data.team.name])).toEqual([
      ['blood.first', 1, 'T-bloodgold'],
      ['blood.second', 2, 'T-bloodsilver'],
      ['blood.third', 3, 'T-bloodbronze'],
    ]);
    const embeds = receiver.received
      .map((r) => JSON.parse(r.body) as { embeds?: { title: string; color: number }[] })
      .flatMap((m) => m.embeds ?? []);
    expect(embeds.map((e) => [e.title, e.color])).toEqual([
      ['🥇 First blood: T-bloodgold on Podium', 0xffd700],
      ['🥈 Second blood: T-bloodsilver on Podium', 0xc0c0c0],
      ['🥉 Third blood: T-bloodbronze on Podium', 0xcd7f32],
    ]);
  });
});

describe('the language of chat messages', () => {
  it('follows the platform default when the webhook has none, and the webhook own language when set', async () => {
    const config = ok<ConfigEditModel>(await admin.get('/api/admin/config'));
    expect(config.globalConfig.defaultLanguage).toBe('en-US');
    ok(await admin.put('/api/admin/config', { globalConfig: { defaultLanguage: 'de-DE' } }));
    expectError(await admin.put('/api/admin/config', { globalConfig: { defaultLanguage: 'xx-XX' } }), 400);
    expect(ok<ConfigEditModel>(await admin.get('/api/admin/config')).globalConfig.defaultLanguage).toBe('de-DE');

    const game = await newGame('Talk');
    const platform = await createHook({ format: 'slack', events: ['notice.published'], gameId: game });
    expect(platform.language).toBeNull();
    const french = await createHook({ format: 'slack', language: 'fr-FR', events: ['notice.published'], gameId: game });
    expect(french.language).toBe('fr-FR');
    receiver.received.length = 0;
    ok(await admin.post(`/api/edit/games/${game}/notices`, { content: 'Pause' }));
    await runQueue();
    expect(slackHeadlines().toSorted()).toEqual(['*📢 Annonce*', '*📢 Mitteilung*']);

    // The platform's language changes: the webhook without one follows; the French one stays French.
    ok(await admin.put('/api/admin/config', { globalConfig: { defaultLanguage: 'en-US' } }));
    receiver.received.length = 0;
    ok(await admin.post(`/api/edit/games/${game}/notices`, { content: 'Back' }));
    await runQueue();
    expect(slackHeadlines().toSorted()).toEqual(['*📢 Annonce*', '*📢 Notice*']);

    // Set back to "platform default" by an edit: null again.
    const edited = ok<WebhookModel>(
      await admin.put(`/api/admin/webhooks/${french.id}`, {
        url: receiver.url,
        format: 'slack',
        events: ['notice.published'],
        gameId: game,
        language: null,
      }),
    );
    expect(edited.language).toBeNull();
  });
});
