import type { Language, WebhookFormat } from '@flagpole/contract';
import { type MessageKey, translate } from '../i18n/messages';
import type { WebhookEvent } from './webhook-events';

/*
 * Discord and Slack messages: one readable line per event in the webhook's language (team, challenge, the blood
 * medal), with the game's name under it. Chat markup in names is neutralised so a team called "@everyone" or
 * "<!channel>" pings nobody and markdown in a name stays text.
 */

const KEYS: Record<WebhookEvent['type'], MessageKey> = {
  solve: 'webhook.solve',
  'blood.first': 'webhook.firstBlood',
  'blood.second': 'webhook.secondBlood',
  'blood.third': 'webhook.thirdBlood',
  'notice.published': 'webhook.notice',
  'challenge.released': 'webhook.challengeReleased',
  'game.started': 'webhook.gameStarted',
  'game.ended': 'webhook.gameEnded',
  'participation.review': 'webhook.participationReview',
  'instance.failed': 'webhook.instanceFailed',
  'cheat.detected': 'webhook.cheatDetected',
  'healthcheck.failed': 'webhook.healthCheckFailed',
  'webhook.test': 'webhook.test',
};

const ICONS: Partial<Record<WebhookEvent['type'], string>> = {
  solve: '✅',
  'blood.first': '🥇',
  'blood.second': '🥈',
  'blood.third': '🥉',
  'notice.published': '📢',
  'challenge.released': '🆕',
  'game.started': '🏁',
  'game.ended': '🏆',
  'participation.review': '📝',
  'instance.failed': '⚠️',
  'cheat.detected': '🚨',
  'healthcheck.failed': '🩺',
  'webhook.test': '🔔',
};

/** Discord embed colours (gold, silver, bronze for the bloods). */
const COLOURS: Partial<Record<WebhookEvent['type'], number>> = {
  'blood.first': 0xffd700,
  'blood.second': 0xc0c0c0,
  'blood.third': 0xcd7f32,
  'cheat.detected': 0xe03131,
  'instance.failed': 0xf08c00,
  'healthcheck.failed': 0xe8590c,
};

type Escape = (text: string) => string;

/** Discord: markdown characters lose their meaning (mentions are switched off by `allowed_mentions`). */
export const escapeDiscord: Escape = (text) => text.replace(/[\\*_~`|>]/g, '\\$&');
/** Slack: &, < and > are the only characters its mrkdwn escapes; they also form mentions (<!channel>). */
export const escapeSlack: Escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function headline(event: WebhookEvent, language: Language, quote: Escape): string {
  const d = event.data;
  const text = translate(language, KEYS[event.type], {
    team: quote(d.team?.name ?? ''),
    challenge: quote(d.challenge?.name ?? ''),
    game: quote(d.game?.name ?? ''),
    source: quote(d.sourceTeam?.name ?? ''),
  });
  const icon = ICONS[event.type];
  return icon ? `${icon} ${text}` : text;
}

/** The chat message body of an event for a Discord or Slack webhook. */
export function chatMessage(
  format: Exclude<WebhookFormat, 'generic'>,
  event: WebhookEvent,
  language: Language,
): Record<string, unknown> {
  const quote = format === 'discord' ? escapeDiscord : escapeSlack;
  const title = headline(event, language, quote);
  const lines = [
    event.data.text ? quote(event.data.text) : undefined,
    event.data.game?.name ? quote(event.data.game.name) : undefined,
  ].filter((line): line is string => Boolean(line));
  if (format === 'discord') {
    const embed: Record<string, unknown> = { title: title.slice(0, 256), timestamp: event.at.toISOString() };
    if (lines.length > 0) embed.description = lines.join('\n').slice(0, 4096);
    const colour = COLOURS[event.type];
    if (colour !== undefined) embed.color = colour;
    // No mention of anyone, whatever the text says.
    return { embeds: [embed], allowed_mentions: { parse: [] } };
  }
  const text = [`*${title}*`, ...lines].join('\n');
  return { text, blocks: [{ type: 'section', text: { type: 'mrkdwn', text: text.slice(0, 3000) } }] };
}
