import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { RehearsalRunModel, RehearsalStartModel } from '@flagpole/contract';
import { INSTANCE_OWNERS_DELETED } from '../containers/types';
import { forbidden, notFound } from '../http/errors';
import type { Clock } from '../lib/clock';
import type { EventBus } from '../lib/event-bus';
import { PLAY_LOOKUPS_CHANGED } from '../services/play-lookups';
import { SCOREBOARD_INVALIDATE } from '../services/scoreboard.service';
import type { RehearsalRepository, RemovedRun } from './rehearsal.repository';

/** Runs removed by one sweep at most; the next sweep takes the rest. */
const SWEEP_BATCH = 20;

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/**
 * Load rehearsals (docs/operations.md, "Rehearsal"). An administrator mints a run for one game; the run's secret
 * lets the command's registrations skip the captcha (nothing else: rate limits apply as to anyone) and marks the
 * accounts they create. The run holds a lease of its planned length plus a grace period; the command removes its
 * run at the end, and the sweep removes runs whose lease ran out (a killed command).
 */
export function createRehearsalService(deps: {
  enabled: boolean;
  graceSeconds: number;
  repository: RehearsalRepository;
  gameExists: (gameId: number) => Promise<boolean>;
  events: EventBus;
  clock: Clock;
}) {
  const { repository, clock } = deps;

  async function settle(removed: RemovedRun): Promise<RemovedRun> {
    await deps.events.publish(PLAY_LOOKUPS_CHANGED, {});
    for (const gameId of removed.gameIds) {
      await deps.events.publish(SCOREBOARD_INVALIDATE, { gameId });
      // The removed teams' instances went with their rows: the containers module takes them down at once.
      await deps.events.publish(INSTANCE_OWNERS_DELETED, { gameId });
    }
    return removed;
  }

  function ensureEnabled(): void {
    if (!deps.enabled) throw forbidden('error.rehearsalDisabled');
  }

  return {
    async start(input: RehearsalStartModel): Promise<RehearsalRunModel> {
      ensureEnabled();
      if (!(await deps.gameExists(input.gameId))) throw notFound('error.gameNotFound');
      const id = randomUUID();
      const secret = randomBytes(24).toString('base64url');
      const leaseSeconds = input.rampSeconds + input.minutes * 60 + deps.graceSeconds;
      const expiresAt = new Date(clock.now().getTime() + leaseSeconds * 1000);
      await repository.create({ id, secretHash: hashSecret(secret), gameId: input.gameId, expiresAt });
      return { id, secret, expiresAt: expiresAt.toISOString() };
    },

    /** The live run a request's rehearsal header names, or null (also when rehearsals are off). */
    async runFor(secret: string | undefined): Promise<string | null> {
      if (!deps.enabled || !secret) return null;
      const run = await repository.findActive(hashSecret(secret), clock.now());
      return run?.id ?? null;
    },

    /** Removes a run's accounts and everything they own, then has the boards rebuilt. */
    async finish(runId: string): Promise<RemovedRun> {
      ensureEnabled();
      const removed = await repository.remove(runId);
      if (!removed) throw notFound('error.rehearsalUnknown');
      return settle(removed);
    },

    /** Removes the runs whose lease ran out; runs even with rehearsals turned off, so none is left behind. */
    async sweep(): Promise<number> {
      let count = 0;
      for (const runId of await repository.expiredIds(clock.now(), SWEEP_BATCH)) {
        const removed = await repository.remove(runId);
        if (!removed) continue;
        await settle(removed);
        count += 1;
      }
      return count;
    },
  };
}
export type RehearsalService = ReturnType<typeof createRehearsalService>;
