import type { WebhookEventType } from '@flagpole/contract';

/** A name and id, as events carry games, teams and challenges. */
export interface Named {
  id?: number;
  name: string;
}

/**
 * One platform event as webhooks see it. `key` names the event itself (the same key enqueued twice is delivered
 * once per endpoint); `data` is the generic payload's `data`, also what Discord and Slack messages are written from.
 */
export interface WebhookEvent {
  type: WebhookEventType | 'webhook.test';
  key: string;
  gameId: number | null;
  at: Date;
  data: WebhookEventData;
}

export interface WebhookEventData {
  game?: Named;
  team?: Named;
  challenge?: Named;
  user?: string;
  /** Cheat detected: the team whose flag was submitted. */
  sourceTeam?: Named;
  /** Notice published: its text. */
  text?: string;
  /** Instance failed: the engine's reason. */
  error?: string;
  /** Bloods: 1, 2 or 3. */
  rank?: number;
  [extra: string]: unknown;
}

/** The generic (Standard Webhooks) body: `{type, timestamp, data}`. */
export function genericBody(event: WebhookEvent): Record<string, unknown> {
  return { type: event.type, timestamp: event.at.toISOString(), data: event.data };
}

export const BLOOD_EVENTS = ['blood.first', 'blood.second', 'blood.third'] as const;
