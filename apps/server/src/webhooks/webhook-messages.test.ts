import { describe, expect, it } from 'vitest';
import type { WebhookEvent } from './webhook-events';
import { chatMessage } from './webhook-messages';
import { bodyFor, languageOf } from './webhook-queue';

const at = new Date('2030-01-01T12:00:00Z');
const blood: WebhookEvent = {
  type: 'blood.first',
  key: 'notice:1',
  gameId: 1,
  at,
  data: { game: { id: 1, name: 'Winter CTF' }, team: { name: 'Owls' }, challenge: { name: 'Heap' }, rank: 1 },
};

describe('webhook chat messages', () => {
  it('Discord: the blood medal, team and challenge in the title, the game below, gold, no mentions', () => {
    const message = chatMessage('discord', blood, 'en-US') as {
      embeds: { title: string; description: string; color: number; timestamp: string }[];
      allowed_mentions: { parse: string[] };
    };
    expect(message.embeds[0]).toEqual({
      title: '🥇 First blood: Owls on Heap',
      description: 'Winter CTF',
      color: 0xffd700,
      timestamp: '2030-01-01T12:00:00.000Z',
    });
    expect(message.allowed_mentions).toEqual({ parse: [] });
  });

  it('Slack: the same line in mrkdwn, in the webhook language', () => {
    const message = chatMessage('slack', blood, 'fr-FR') as { text: string; blocks: unknown[] };
    expect(message.text).toBe('*🥇 Premier sang : Owls sur Heap*\nWinter CTF');
    expect(message.blocks).toEqual([{ type: 'section', text: { type: 'mrkdwn', text: message.text } }]);
  });

  it('neutralises chat markup in names', () => {
    const solve: WebhookEvent = {
      ...blood,
      type: 'solve',
      data: { team: { name: '<!channel> & *bold*' }, challenge: { name: 'a_b' } },
    };
    expect((chatMessage('slack', solve, 'en-US') as { text: string }).text).toBe(
      '*✅ &lt;!channel&gt; &amp; *bold* solved a_b*',
    );
    const discord = chatMessage('discord', solve, 'de-DE') as { embeds: { title: string }[] };
    expect(discord.embeds[0]?.title).toBe('✅ <!channel\\> & \\*bold\\* hat a\\_b gelöst');
  });

  it('notices carry their text; the generic format is {type, timestamp, data}', () => {
    const notice: WebhookEvent = {
      type: 'notice.published',
      key: 'notice:2',
      gameId: 1,
      at,
      data: { text: 'Break at 14:00' },
    };
    expect((chatMessage('slack', notice, 'ja-JP') as { text: string }).text).toBe('*📢 お知らせ*\nBreak at 14:00');
    expect(bodyFor({ format: 'generic', language: 'en-US' }, notice, 'en-US')).toEqual({
      type: 'notice.published',
      timestamp: '2030-01-01T12:00:00.000Z',
      data: { text: 'Break at 14:00' },
    });
  });

  it('writes chat messages in the endpoint language, or the platform default when the endpoint has none', () => {
    const notice: WebhookEvent = { type: 'notice.published', key: 'notice:3', gameId: 1, at, data: { text: 'Hi' } };
    const text = (language: string | null) =>
      (bodyFor({ format: 'slack', language }, notice, 'de-DE') as { text: string }).text.split('\n')[0];
    expect(text(null)).toBe(text('de-DE'));
    expect(text('fr-FR')).not.toBe(text('de-DE'));
    expect(languageOf(null, 'ko-KR')).toBe('ko-KR');
    expect(languageOf('xx-XX', 'ko-KR')).toBe('ko-KR');
    expect(languageOf('ja-JP', 'ko-KR')).toBe('ja-JP');
  });
});
