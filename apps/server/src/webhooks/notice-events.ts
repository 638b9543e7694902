import type { GameNotice } from '@flagpole/contract';
import type { WebhookEvent } from './webhook-events';

const BLOODS = {
  FirstBlood: ['blood.first', 1],
  SecondBlood: ['blood.second', 2],
  ThirdBlood: ['blood.third', 3],
} as const;

/**
 * The webhook event of a published game notice. Blood notices of solves made during a freeze are published at the
 * reveal (they are held until then), so their webhook events follow the freeze rule by coming from here.
 * `values`: bloods [team, challenge]; NewChallenge [challenge]; Normal and NewHint [text] / [challenge].
 */
export function noticeWebhookEvent(gameId: number, notice: GameNotice, now: Date): WebhookEvent | undefined {
  const key = `notice:${notice.id}`;
  const at = new Date(Math.min(notice.time, now.getTime()));
  if (notice.type in BLOODS) {
    const [type, rank] = BLOODS[notice.type as keyof typeof BLOODS];
    const [team = '', challenge = ''] = notice.values;
    return { type, key, gameId, at, data: { team: { name: team }, challenge: { name: challenge }, rank } };
  }
  if (notice.type === 'NewChallenge') {
    return { type: 'challenge.released', key, gameId, at, data: { challenge: { name: notice.values[0] ?? '' } } };
  }
  if (notice.type === 'Normal') {
    return {
      type: 'notice.published',
      key,
      gameId,
      at,
      data: { notice: { id: notice.id }, text: notice.values[0] ?? '' },
    };
  }
  return undefined;
}
