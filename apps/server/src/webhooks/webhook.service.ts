import { randomBytes, randomUUID } from 'node:crypto';
import type {
  ArrayResponseOfWebhookDelivery,
  Language,
  WebhookAttemptModel,
  WebhookCreatedModel,
  WebhookDeliveriesQuery,
  WebhookEditModel,
  WebhookEventType,
  WebhookModel,
} from '@flagpole/contract';
import { badRequest, notFound } from '../http/errors';
import type { Clock } from '../lib/clock';
import type { WebhookRepository, WebhookRow } from './webhook.repository';
import { bodyFor, signedHeaders, type WebhookQueue } from './webhook-queue';
import { type SendResult, sendWebhook } from './webhook-sender';

/** A Standard Webhooks secret: `whsec_` + base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

function toModel(row: WebhookRow): WebhookModel {
  return {
    id: row.id,
    url: row.url,
    format: row.format,
    events: row.events as WebhookEventType[],
    gameId: row.game_id,
    language: row.language as Language | null,
    enabled: row.enabled,
    disabledReason: row.disabled_reason,
    createdAt: row.created_at.getTime(),
  };
}

/** The admin area's webhooks: endpoints, their signing secret (shown once), a test message, the delivery log. */
export function createWebhookService(deps: {
  repository: WebhookRepository;
  queue: WebhookQueue;
  clock: Clock;
  allowPrivate: boolean;
  timeoutMs: number;
  /** The platform's default language (admin settings). */
  defaultLanguage: () => Language;
}) {
  const { repository, clock } = deps;

  async function checkGame(gameId: number | null): Promise<void> {
    if (gameId !== null && !(await repository.gameExists(gameId))) throw badRequest('error.gameNotFound');
  }

  async function found(id: number): Promise<WebhookRow> {
    const row = await repository.get(id);
    if (!row) throw notFound('error.webhookNotFound');
    return row;
  }

  return {
    async list(): Promise<WebhookModel[]> {
      return (await repository.list()).map(toModel);
    },

    async create(input: WebhookEditModel): Promise<WebhookCreatedModel> {
      await checkGame(input.gameId);
      const secret = newWebhookSecret();
      const row = await repository.insert({ ...input, secret, now: clock.now() });
      await deps.queue.endpointsChanged();
      return { ...toModel(row), secret };
    },

    async update(id: number, input: WebhookEditModel): Promise<WebhookModel> {
      await checkGame(input.gameId);
      const row = await repository.update(id, { ...input, now: clock.now() });
      if (!row) throw notFound('error.webhookNotFound');
      await deps.queue.endpointsChanged();
      return toModel(row);
    },

    async remove(id: number): Promise<void> {
      if (!(await repository.delete(id))) throw notFound('error.webhookNotFound');
      await deps.queue.endpointsChanged();
    },

    /**
     * Sends a test message now, outside the queue (it neither waits behind nor holds up the endpoint's deliveries),
     * and logs it among the deliveries. Answers what the receiver said.
     */
    async test(id: number): Promise<SendResult> {
      const webhook = await found(id);
      const at = clock.now();
      const event = {
        type: 'webhook.test' as const,
        key: `webhook.test:${randomUUID()}`,
        gameId: null,
        at,
        data: { webhook: { id } },
      };
      const payload = bodyFor(webhook, event, deps.defaultLanguage());
      const messageId = `msg_${randomUUID().replaceAll('-', '')}`;
      const [deliveryId] = await repository.enqueue(
        [
          {
            webhookId: id,
            messageId,
            eventType: event.type,
            eventKey: event.key,
            gameId: null,
            eventAt: at,
            payload,
            held: true,
          },
        ],
        at,
      );
      const body = JSON.stringify(payload);
      const result = await sendWebhook(webhook.url, body, signedHeaders(webhook.secret, messageId, at, body), {
        allowPrivate: deps.allowPrivate,
        timeoutMs: deps.timeoutMs,
      });
      const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
      // A non-2xx answer is a failure too (a redirect is not followed): said as such, as in the delivery log.
      const outcome = { ...result, error: ok ? null : (result.error ?? `HTTP ${result.statusCode}`) };
      if (deliveryId !== undefined) {
        await repository.recordAttempt(deliveryId, at, outcome, { status: ok ? 'delivered' : 'failed' });
      }
      return outcome;
    },

    async deliveries(id: number, query: WebhookDeliveriesQuery): Promise<ArrayResponseOfWebhookDelivery> {
      await found(id);
      const { rows, total } = await repository.listDeliveries(id, query.skip, query.count);
      return {
        data: rows.map((row) => ({
          id: row.id,
          messageId: row.message_id,
          eventType: row.event_type,
          status: row.status,
          attempts: row.attempts,
          nextAttemptAt: row.status === 'pending' ? row.next_attempt_at.getTime() : null,
          lastStatusCode: row.last_status_code,
          lastLatencyMs: row.last_latency_ms,
          lastResponseExcerpt: row.last_response_excerpt,
          lastError: row.last_error,
          createdAt: row.created_at.getTime(),
          deliveredAt: row.delivered_at?.getTime() ?? null,
        })),
        length: rows.length,
        total,
      };
    },

    /** Every attempt at one delivery, oldest first (the log's rows show only the last). */
    async attempts(id: number, deliveryId: number): Promise<WebhookAttemptModel[]> {
      await found(id);
      const rows = await repository.listAttempts(id, deliveryId);
      if (!rows) throw notFound('error.webhookDeliveryNotFound');
      return rows.map((row) => ({
        id: row.id,
        attemptedAt: row.attempted_at.getTime(),
        statusCode: row.status_code,
        latencyMs: row.latency_ms,
        responseExcerpt: row.response_excerpt,
        error: row.error,
      }));
    },

    async retry(id: number, deliveryId: number): Promise<void> {
      await found(id);
      if (!(await repository.retry(id, deliveryId, clock.now()))) throw notFound('error.webhookDeliveryNotFound');
      void deps.queue.tick();
    },
  };
}
export type WebhookService = ReturnType<typeof createWebhookService>;
