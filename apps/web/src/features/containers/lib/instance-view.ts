import type { ClientFlagContext } from '@flagpole/contract';

type InstanceContext = Pick<
  ClientFlagContext,
  'instanceStatus' | 'instanceEntry' | 'queuePosition' | 'containersAvailable'
>;

/** What the instance panel shows. */
export type InstanceView =
  | { kind: 'unavailable' }
  | { kind: 'running'; entry: string }
  /** Queued (with its place, 1 = next) or being created by the engine (no place). */
  | { kind: 'pending'; position: number | null }
  | { kind: 'none' };

/** A running instance; an older server sends only the entry, without a status. */
export function isInstanceRunning(context: InstanceContext): boolean {
  return context.instanceStatus === 'Running' || (!context.instanceStatus && context.instanceEntry !== null);
}

/**
 * The panel's state from the challenge detail and, right after the player pressed start, the place the start
 * answer gave (`startPosition`; the detail may not show the pending instance yet).
 */
export function instanceView(context: InstanceContext, startPosition: number | null): InstanceView {
  if (context.containersAvailable === false) return { kind: 'unavailable' };
  const running = isInstanceRunning(context);
  if (running && context.instanceEntry) return { kind: 'running', entry: context.instanceEntry };
  const pending = context.instanceStatus === 'Pending' || (startPosition !== null && !running);
  if (pending) return { kind: 'pending', position: context.queuePosition ?? startPosition };
  return { kind: 'none' };
}
