import type { LiveMessage } from '@flagpole/contract';
import type { EventBus } from '../lib/event-bus';

/**
 * Close code of live sockets whose process may have missed messages (its Redis connection was lost): the
 * client reconnects and reads again what it shows, which is how it gets what it missed.
 */
export const MISSED_MESSAGES_CLOSE_CODE = 4000;

/** The event-bus channel that carries one game's live messages to every server process. */
export function liveChannel(gameId: number): string {
  return `game:${gameId}:live`;
}

export function publishLive(events: EventBus, gameId: number, message: LiveMessage): Promise<void> {
  return events.publish(liveChannel(gameId), message);
}

/** The bus field naming a message's receivers (user ids); the gateway removes it before sending. */
export const LIVE_AUDIENCE_FIELD = 'audience';

/**
 * Publishes a live message for some users only (a team's members, read after the commit): every process delivers it
 * to those users' sockets of the game and to nobody else; the ids never reach a socket.
 */
export function publishLiveTo(
  events: EventBus,
  gameId: number,
  userIds: readonly string[],
  message: LiveMessage,
): Promise<void> {
  if (userIds.length === 0) return Promise.resolve();
  return events.publish(liveChannel(gameId), { ...message, [LIVE_AUDIENCE_FIELD]: [...userIds] });
}

/** The receivers of an addressed bus payload and the message without them; null for a message to everyone. */
export function addressedLive(payload: unknown): { userIds: Set<string>; message: unknown } | null {
  if (typeof payload !== 'object' || payload === null || !(LIVE_AUDIENCE_FIELD in payload)) return null;
  const { [LIVE_AUDIENCE_FIELD]: audience, ...message } = payload as Record<string, unknown>;
  const userIds = Array.isArray(audience) ? audience.filter((id): id is string => typeof id === 'string') : [];
  return { userIds: new Set(userIds), message };
}
