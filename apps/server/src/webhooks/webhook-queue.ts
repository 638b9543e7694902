import { randomUUID } from 'node:crypto';
import { type Language, SUPPORTED_LANGUAGES, type WebhookAlertModel } from '@flagpole/contract';
import type { FastifyBaseLogger } from 'fastify';
import { Webhook } from 'standardwebhooks';
import type { Clock } from '../lib/clock';
import { BUS_RESYNC, type EventBus } from '../lib/event-bus';
import { retryDelayMs, withinRetryWindow } from './backoff';
import type { ClaimedDelivery, WebhookRepository, WebhookRow } from './webhook.repository';
import { genericBody, type WebhookEvent } from './webhook-events';
import { chatMessage } from './webhook-messages';
import { type SendResult, sendWebhook } from './webhook-sender';

/*
 * The webhook delivery queue (docs/integrations.md, "Webhooks"):
 *
 * - `emit` queues an event for every enabled endpoint that wants it, after the change that caused it committed;
 *   the body is built then (generic JSON or the chat message), so a retry sends the same bytes under the same
 *   `webhook-id`. A solve made during a scoreboard freeze is queued held and released at the reveal.
 * - every process runs a ticker (injected clock) that releases held deliveries the reveal uncovered and claims due
 *   deliveries with a conditional update, so one process sends each attempt; each endpoint's oldest pending
 *   delivery goes first and nothing later is sent while it waits for a retry.
 * - a failed attempt is retried with exponential backoff and jitter for 24 hours; after that the delivery has
 *   failed, the endpoint is disabled with its reason and its queue abandoned.
 * - the endpoints are kept in memory: every solve is an event, and most platforms have no endpoint at all, so an
 *   event must not cost a query. A change from any process (`WEBHOOKS_CHANGED_CHANNEL`) or a resync drops them, and
 *   they are trusted `cacheMs` at most, as the other per-process caches.
 */

/** How often each process looks for due retries and clock-driven events (a new event is sent at once). */
const TICK_MS = 1_000;
const FAILURE_PAUSE_MS = 5_000;
/** How long a claimed delivery stays with the claiming process (it sends within the 10 s timeout). */
const LEASE_MS = 60_000;
export const SEND_TIMEOUT_MS = 10_000;

/** Organisers' notifications of endpoints turned off (the admin live channel carries them). */
export const WEBHOOK_ALERTS_CHANNEL = 'webhooks:alerts';
/** An endpoint was created, changed, deleted or turned off: every process reads the endpoints again. */
export const WEBHOOKS_CHANGED_CHANNEL = 'webhooks:changed';

export interface WebhookQueueOptions {
  repository: WebhookRepository;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Called once an endpoint is turned off after a day of failed deliveries. */
  onDisabled?: (alert: WebhookAlertModel) => Promise<void>;
  allowPrivate: boolean;
  /** The platform's default language (admin settings), read at each enqueue. */
  defaultLanguage: () => Language;
  timeoutMs?: number;
  tickMs?: number;
  random?: () => number;
  /** The bus that tells every process of endpoint changes (absent: this process's changes only). */
  events?: Pick<EventBus, 'publish' | 'subscribe'>;
  /** How long the endpoints read are trusted without a change message (LOOKUP_CACHE_SECONDS; 0 reads each time). */
  cacheMs?: number;
}

/** The endpoint's own language, or the platform's default when it has none (or one no longer supported). */
export const languageOf = (value: string | null, platformDefault: Language): Language =>
  value !== null && (SUPPORTED_LANGUAGES as readonly string[]).includes(value) ? (value as Language) : platformDefault;

/**
 * The body an endpoint receives for an event, in its format; chat messages in the endpoint's language, else in the
 * platform's default language as it is when the event is queued.
 */
export function bodyFor(
  webhook: Pick<WebhookRow, 'format' | 'language'>,
  event: WebhookEvent,
  platformDefault: Language,
): unknown {
  return webhook.format === 'generic'
    ? genericBody(event)
    : chatMessage(webhook.format, event, languageOf(webhook.language, platformDefault));
}

/** The Standard Webhooks headers of one attempt (signed again at each attempt: the timestamp is the attempt's). */
export function signedHeaders(secret: string, messageId: string, at: Date, body: string): Record<string, string> {
  const timestamp = new Date(Math.floor(at.getTime() / 1000) * 1000);
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(messageId, timestamp, body),
  };
}

export function createWebhookQueue(options: WebhookQueueOptions) {
  const { repository, clock, log } = options;
  const timeoutMs = options.timeoutMs ?? SEND_TIMEOUT_MS;
  const random = options.random ?? Math.random;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let emitting = new Set<Promise<void>>();
  let last: Promise<void> = Promise.resolve();

  const cacheMs = options.cacheMs ?? 0;
  let cached: { rows: WebhookRow[]; until: number } | undefined;
  /** Bumped by every change, so a read that started before one does not store what it read. */
  let generation = 0;
  const forget = () => {
    cached = undefined;
    generation += 1;
  };
  const unsubscribe = [WEBHOOKS_CHANGED_CHANNEL, BUS_RESYNC].map((channel) =>
    options.events?.subscribe(channel, forget),
  );

  async function endpoints(): Promise<WebhookRow[]> {
    const now = clock.now().getTime();
    if (cached && now < cached.until) return cached.rows;
    const startedAt = generation;
    const rows = await repository.list();
    if (cacheMs > 0 && startedAt === generation) cached = { rows, until: now + cacheMs };
    return rows;
  }

  /** Drops this process's endpoints and tells the others to. */
  async function endpointsChanged(): Promise<void> {
    forget();
    await options.events?.publish(WEBHOOKS_CHANGED_CHANNEL, {});
  }

  /** Queues the event's deliveries; false when no endpoint wants it (nothing to send). */
  async function enqueue(event: WebhookEvent): Promise<boolean> {
    const wanted = (await endpoints()).filter(
      (w) =>
        w.enabled &&
        (event.type === 'webhook.test' || w.events.includes(event.type)) &&
        (w.game_id === null || w.game_id === event.gameId),
    );
    if (wanted.length === 0) return false;
    let held = false;
    if (event.gameId !== null) {
      const facts = await repository.gameFacts(event.gameId, event.at);
      if (facts && !event.data.game) event.data.game = { id: event.gameId, name: facts.title };
      // Sources that know only ids (a failed instance start): the names, for chat messages and receivers alike.
      const { challenge, team } = event.data;
      if ((challenge?.id && !challenge.name) || (team?.id && !team.name)) {
        const names = await repository.names(challenge?.id ?? null, team?.id ?? null);
        if (challenge && !challenge.name) challenge.name = names.challenge ?? '';
        if (team && !team.name) team.name = names.team ?? '';
      }
      // A solve during a freeze is hidden from players until the reveal; so is its webhook delivery.
      held = event.type === 'solve' && (facts?.frozen ?? false);
    }
    await repository.enqueue(
      wanted.map((w) => ({
        webhookId: w.id,
        messageId: `msg_${randomUUID().replaceAll('-', '')}`,
        eventType: event.type,
        eventKey: event.key,
        gameId: event.gameId,
        eventAt: event.at,
        payload: bodyFor(w, event, options.defaultLanguage()),
        held,
      })),
      clock.now(),
    );
    return true;
  }

  async function deliver(d: ClaimedDelivery): Promise<void> {
    const at = clock.now();
    const body = JSON.stringify(d.payload);
    let result: SendResult;
    try {
      result = await sendWebhook(d.url, body, signedHeaders(d.secret, d.message_id, at, body), {
        allowPrivate: options.allowPrivate,
        timeoutMs,
      });
    } catch (error) {
      result = { statusCode: null, latencyMs: 0, excerpt: null, error: String(error) };
    }
    const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
    const outcome = { ...result, error: ok ? null : (result.error ?? `HTTP ${result.statusCode}`) };
    const now = clock.now();
    if (ok) return repository.recordAttempt(d.id, at, outcome, { status: 'delivered' });
    if (withinRetryWindow(d.queued_at, now)) {
      const nextAttemptAt = new Date(now.getTime() + retryDelayMs(d.attempts + 1, random()));
      return repository.recordAttempt(d.id, at, outcome, { status: 'pending', nextAttemptAt });
    }
    await repository.recordAttempt(d.id, at, outcome, { status: 'failed' });
    const reason = `Deliveries failed for 24 hours (last: ${outcome.error})`;
    await repository.disable(d.webhook_id, reason);
    await endpointsChanged();
    log.warn({ webhookId: d.webhook_id }, 'webhook disabled after a day of failed deliveries');
    await options.onDisabled?.({ webhookId: d.webhook_id, url: d.url, reason });
  }

  /** Game start and end as events: each boundary the clock crossed since the previous tick (none before the first). */
  let boundariesFrom: Date | undefined;
  async function gameBoundaries(now: Date): Promise<void> {
    const from = boundariesFrom;
    boundariesFrom = now;
    if (!from || now <= from) return;
    for (const game of await repository.gamesCrossing(from, now)) {
      const data = {
        game: { id: game.id, name: game.title },
        startAt: game.start_at.toISOString(),
        endAt: game.end_at.toISOString(),
      };
      for (const [type, at] of [
        ['game.started', game.start_at],
        ['game.ended', game.end_at],
      ] as const) {
        if (at > from && at <= now) {
          await enqueue({ type, key: `${type}:${game.id}:${at.getTime()}`, gameId: game.id, at, data: { ...data } });
        }
      }
    }
  }

  async function tick(): Promise<void> {
    const now = clock.now();
    await gameBoundaries(now);
    await repository.releaseHeld(now);
    const claimed = await repository.claimDue(now, new Date(now.getTime() + LEASE_MS));
    await Promise.all(claimed.map(deliver));
  }

  /** After a failed tick (database away) the timer pauses a few seconds, so an outage logs a line now and then. */
  let pausedUntil = 0;
  function runTick(): Promise<void> {
    running ??= tick()
      .catch((error: unknown) => {
        pausedUntil = Date.now() + FAILURE_PAUSE_MS;
        log.error({ err: error }, 'webhook delivery tick failed');
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  return {
    /** Queues an event (never rejects: a webhook problem does not fail the change that caused it). */
    emit(event: WebhookEvent): Promise<void> {
      // One after another, so deliveries are queued in the order the events happened (a solve before its blood).
      const done = last
        .then(() => enqueue(event))
        // Sent at once rather than at the next tick (a tick under way leaves it to the next one).
        .then((queued) => {
          if (queued && timer) void runTick();
        })
        .catch((error: unknown) => log.error({ err: error, type: event.type }, 'webhook enqueue failed'))
        .finally(() => emitting.delete(done));
      last = done;
      emitting.add(done);
      return done;
    },
    /** Waits for the events being queued (tests). */
    async drain(): Promise<void> {
      while (emitting.size > 0) await Promise.all(emitting);
    },
    start(): void {
      if (timer) return;
      timer = setInterval(() => {
        if (Date.now() >= pausedUntil) void runTick();
      }, options.tickMs ?? TICK_MS);
      timer.unref();
    },
    /** Runs one tick now (tests). */
    tick: runTick,
    endpointsChanged,
    async close(): Promise<void> {
      for (const stop of unsubscribe) stop?.();
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
      await Promise.all(emitting);
      emitting = new Set();
    },
  };
}
export type WebhookQueue = ReturnType<typeof createWebhookQueue>;
/** What event sources call: the queue's `emit`, or nothing where webhooks are not wired (unit tests). */
export type WebhookEmitter = Pick<WebhookQueue, 'emit'>;
