import type { LiveMessage } from '@flagpole/contract';
import type { EventBus } from '../lib/event-bus';

/** The event-bus channel that carries one game's live messages to every server process. */
export function liveChannel(gameId: number): string {
  return `game:${gameId}:live`;
}

export function publishLive(events: EventBus, gameId: number, message: LiveMessage): Promise<void> {
  return events.publish(liveChannel(gameId), message);
}
