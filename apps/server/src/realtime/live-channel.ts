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
