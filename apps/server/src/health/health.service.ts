import type {
  ChallengeHealthDetailModel,
  ChallengeHealthModel,
  GameHealthModel,
  HealthAlertModel,
  HealthCheckEditModel,
  HealthRunTrigger,
} from '@flagpole/contract';
import type { FastifyBaseLogger } from 'fastify';
import { badRequest, notFound } from '../http/errors';
import type { Clock } from '../lib/clock';
import type { EventBus } from '../lib/event-bus';
import type { WebhookEmitter } from '../webhooks/webhook-queue';
import type { HealthCheckRow, HealthRepository } from './health.repository';
import { nextHealth } from './health-rules';
import type { RunResult } from './health-runner';

/** Event-bus channel of health alerts: the admin live channel of every process forwards them to organisers. */
export const HEALTH_ALERTS_CHANNEL = 'health:alerts';
/** Runs the editor shows. */
const SHOWN_RUNS = 20;

function summaryOf(row: HealthCheckRow, title: string): ChallengeHealthModel {
  return {
    challengeId: row.challenge_id,
    title,
    status: row.status,
    failingSince: row.failing_since?.getTime() ?? null,
    lastRunAt: row.last_run_at?.getTime() ?? null,
    scheduled: row.enabled,
    requested: row.requested_at !== null,
  };
}

/**
 * Organisers' side of health checks: the check of a challenge, its status and runs, runs on demand, and what a
 * finished run changes (status, history, the alert on the admin live channel and the `healthcheck.failed` webhook).
 */
export function createHealthService(deps: {
  repository: HealthRepository;
  /** False without a container engine (or one that cannot run checks): nothing runs, and the pages say so. */
  available: boolean;
  clock: Clock;
  events: EventBus;
  log: FastifyBaseLogger;
  webhooks?: WebhookEmitter;
  /** Asks this process's scheduler to look for due checks now. */
  wake: () => void;
}) {
  const { repository, clock } = deps;

  async function titleOf(gameId: number, challengeId: number): Promise<string> {
    const title = await repository.challengeTitle(gameId, challengeId);
    if (title === undefined) throw notFound('error.challengeNotFound');
    return title;
  }

  async function detail(gameId: number, challengeId: number): Promise<ChallengeHealthDetailModel> {
    const title = await titleOf(gameId, challengeId);
    const row = await repository.get(challengeId);
    const runs = row ? await repository.runs(challengeId, SHOWN_RUNS) : [];
    return {
      available: deps.available,
      check: row
        ? {
            image: row.image,
            script: row.script,
            timeoutSeconds: row.timeout_seconds,
            intervalSeconds: row.interval_seconds,
            enabled: row.enabled,
          }
        : null,
      health: row ? summaryOf(row, title) : null,
      runs: runs.map((run) => ({
        id: run.id,
        trigger: run.trigger,
        startedAt: run.started_at.getTime(),
        durationMs: run.duration_ms,
        outcome: run.outcome,
        exitCode: run.exit_code,
        output: run.output,
      })),
    };
  }

  async function announce(row: HealthCheckRow, title: string, result: RunResult, turnedFailing: boolean) {
    const alert: HealthAlertModel = {
      gameId: row.game_id,
      challengeId: row.challenge_id,
      title,
      status: turnedFailing ? 'Failing' : 'Healthy',
      failingSince: turnedFailing ? result.startedAt.getTime() : null,
      output: result.output.slice(-500),
    };
    await deps.events
      .publish(HEALTH_ALERTS_CHANNEL, alert)
      .catch((error) => deps.log.warn({ err: error }, 'health check: alert not published'));
    if (!turnedFailing) return;
    deps.log.warn({ challengeId: row.challenge_id, outcome: result.outcome }, `health check of "${title}" is failing`);
    void deps.webhooks?.emit({
      type: 'healthcheck.failed',
      // One delivery per failing streak.
      key: `healthcheck.failed:${row.challenge_id}:${result.startedAt.getTime()}`,
      gameId: row.game_id,
      at: clock.now(),
      data: {
        challenge: { id: row.challenge_id, name: title },
        outcome: result.outcome,
        error: result.output.slice(-500),
      },
    });
  }

  return {
    get available(): boolean {
      return deps.available;
    },
    detail,

    async game(gameId: number): Promise<GameHealthModel> {
      if (!(await repository.gameExists(gameId))) throw notFound('error.gameNotFound');
      const rows = await repository.listByGame(gameId);
      return { available: deps.available, challenges: rows.map((row) => summaryOf(row, row.title)) };
    },

    async save(gameId: number, challengeId: number, edit: HealthCheckEditModel): Promise<ChallengeHealthDetailModel> {
      await titleOf(gameId, challengeId);
      await repository.save(gameId, challengeId, edit, clock.now());
      deps.wake();
      return detail(gameId, challengeId);
    },

    async remove(gameId: number, challengeId: number): Promise<void> {
      await titleOf(gameId, challengeId);
      if (!(await repository.remove(challengeId))) throw notFound('error.healthCheckNotFound');
    },

    /** Asks for a run now; one process runs it within a scheduler tick and the editor shows it. */
    async request(gameId: number, challengeId: number): Promise<ChallengeHealthDetailModel> {
      await titleOf(gameId, challengeId);
      if (!deps.available) throw badRequest('error.healthChecksUnavailable');
      if (!(await repository.request(challengeId, clock.now()))) throw notFound('error.healthCheckNotFound');
      deps.wake();
      return detail(gameId, challengeId);
    },

    /** Stores a finished run of a check this process held and tells organisers when it turned failing. */
    async record(row: HealthCheckRow, leaseId: string, result: RunResult, trigger: HealthRunTrigger): Promise<void> {
      const outcome = await repository.finish(row.challenge_id, leaseId, { ...result, trigger }, (before) => {
        const next = nextHealth(
          { status: before.status, failingSince: before.failing_since },
          result.outcome,
          result.startedAt,
        );
        return { ...next, failing_since: next.failingSince };
      });
      if (!outcome || !(outcome.after.turnedFailing || outcome.after.recovered)) return;
      const title = (await repository.challengeTitle(row.game_id, row.challenge_id)) ?? '';
      await announce(row, title, result, outcome.after.turnedFailing);
    },
  };
}
export type HealthService = ReturnType<typeof createHealthService>;
