import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { WebhookFormat } from '../db/schema';

/** SQL of webhooks, their delivery queue and the attempt log (docs/integrations.md, "Webhooks"). */

export interface WebhookRow {
  id: number;
  url: string;
  format: WebhookFormat;
  events: string[];
  game_id: number | null;
  /** Null: the platform's default language. */
  language: string | null;
  secret: string;
  enabled: boolean;
  disabled_reason: string | null;
  created_at: Date;
}

export interface NewDelivery {
  webhookId: number;
  messageId: string;
  eventType: string;
  eventKey: string;
  gameId: number | null;
  eventAt: Date;
  payload: unknown;
  held: boolean;
}

/** A delivery claimed for sending, with its endpoint. */
export interface ClaimedDelivery {
  id: number;
  webhook_id: number;
  message_id: string;
  payload: unknown;
  attempts: number;
  queued_at: Date;
  url: string;
  secret: string;
}

export interface AttemptOutcome {
  statusCode: number | null;
  latencyMs: number;
  excerpt: string | null;
  error: string | null;
}

const WEBHOOK_COLUMNS = [
  'id',
  'url',
  'format',
  'events',
  'game_id',
  'language',
  'secret',
  'enabled',
  'disabled_reason',
  'created_at',
] as const;

export function createWebhookRepository(db: Db) {
  return {
    list(): Promise<WebhookRow[]> {
      return db.selectFrom('webhooks').select(WEBHOOK_COLUMNS).orderBy('id').execute();
    },

    get(id: number): Promise<WebhookRow | undefined> {
      return db.selectFrom('webhooks').select(WEBHOOK_COLUMNS).where('id', '=', id).executeTakeFirst();
    },

    insert(values: {
      url: string;
      format: WebhookFormat;
      events: string[];
      gameId: number | null;
      language: string | null;
      secret: string;
      enabled: boolean;
      now: Date;
    }): Promise<WebhookRow> {
      return db
        .insertInto('webhooks')
        .values({
          url: values.url,
          format: values.format,
          events: JSON.stringify(values.events),
          game_id: values.gameId,
          language: values.language,
          secret: values.secret,
          enabled: values.enabled,
          created_at: values.now,
          updated_at: values.now,
        })
        .returning(WEBHOOK_COLUMNS)
        .executeTakeFirstOrThrow();
    },

    update(
      id: number,
      values: {
        url: string;
        format: WebhookFormat;
        events: string[];
        gameId: number | null;
        language: string | null;
        enabled: boolean;
        now: Date;
      },
    ): Promise<WebhookRow | undefined> {
      return db
        .updateTable('webhooks')
        .set({
          url: values.url,
          format: values.format,
          events: JSON.stringify(values.events),
          game_id: values.gameId,
          language: values.language,
          enabled: values.enabled,
          // Enabled again by an organiser: the reason it was switched off no longer holds.
          ...(values.enabled ? { disabled_reason: null } : {}),
          updated_at: values.now,
        })
        .where('id', '=', id)
        .returning(WEBHOOK_COLUMNS)
        .executeTakeFirst();
    },

    async delete(id: number): Promise<boolean> {
      const result = await db.deleteFrom('webhooks').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async gameExists(id: number): Promise<boolean> {
      return (await db.selectFrom('games').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
    },

    /** The game's title and whether a solve made `at` is hidden by its scoreboard freeze. */
    async gameFacts(gameId: number, at: Date): Promise<{ title: string; frozen: boolean } | undefined> {
      const row = await db
        .selectFrom('games')
        .select(['title', 'freeze_at', 'scoreboard_revealed_at'])
        .where('id', '=', gameId)
        .executeTakeFirst();
      if (!row) return undefined;
      const frozen =
        row.freeze_at !== null && row.scoreboard_revealed_at === null && at.getTime() >= row.freeze_at.getTime();
      return { title: row.title, frozen };
    },

    /** A challenge's title and a team's name, by id. */
    async names(challengeId: number | null, teamId: number | null): Promise<{ challenge?: string; team?: string }> {
      const [challenge, team] = await Promise.all([
        challengeId === null
          ? undefined
          : db.selectFrom('challenges').select('title').where('id', '=', challengeId).executeTakeFirst(),
        teamId === null ? undefined : db.selectFrom('teams').select('name').where('id', '=', teamId).executeTakeFirst(),
      ]);
      return { challenge: challenge?.title, team: team?.name };
    },

    /** Games whose start or end lies in (from, to]. */
    gamesCrossing(from: Date, to: Date) {
      return db
        .selectFrom('games')
        .select(['id', 'title', 'start_at', 'end_at'])
        .where((eb) =>
          eb.or([
            eb.and([eb('start_at', '>', from), eb('start_at', '<=', to)]),
            eb.and([eb('end_at', '>', from), eb('end_at', '<=', to)]),
          ]),
        )
        .execute();
    },

    /** Queues deliveries; one already queued for the same endpoint and event is left as it is. Returns the new ids. */
    async enqueue(deliveries: readonly NewDelivery[], now: Date): Promise<number[]> {
      if (deliveries.length === 0) return [];
      const rows = await db
        .insertInto('webhook_deliveries')
        .values(
          deliveries.map((d) => ({
            webhook_id: d.webhookId,
            message_id: d.messageId,
            event_type: d.eventType,
            event_key: d.eventKey,
            game_id: d.gameId,
            event_at: d.eventAt,
            payload: JSON.stringify(d.payload),
            status: d.held ? ('held' as const) : ('pending' as const),
            queued_at: now,
            next_attempt_at: now,
            created_at: now,
          })),
        )
        .onConflict((oc) => oc.columns(['webhook_id', 'event_key']).doNothing())
        .returning('id')
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * Held deliveries whose game no longer hides them (revealed, freeze removed or moved after the event) become
     * pending. Returns how many.
     */
    async releaseHeld(now: Date): Promise<number> {
      const result = await sql`
        update webhook_deliveries d set status = 'pending', next_attempt_at = ${now}, queued_at = ${now}
        from games g
        where d.status = 'held' and g.id = d.game_id
          and not (g.freeze_at is not null and g.scoreboard_revealed_at is null and d.event_at >= g.freeze_at)`.execute(
        db,
      );
      return Number(result.numAffectedRows ?? 0);
    },

    /**
     * Claims the next delivery of each enabled endpoint when it is due: the oldest pending one (per-endpoint order:
     * a later delivery waits while an earlier one is being retried). The conditional update is the claim: of two
     * processes, the second waits for the row and then finds it claimed.
     */
    async claimDue(now: Date, leaseUntil: Date): Promise<ClaimedDelivery[]> {
      const result = await sql<ClaimedDelivery>`
        with heads as (
          select distinct on (webhook_id) id, webhook_id
          from webhook_deliveries where status = 'pending' order by webhook_id, id
        )
        update webhook_deliveries d set claimed_until = ${leaseUntil}
        from heads h, webhooks w
        where d.id = h.id and w.id = h.webhook_id and w.enabled
          and d.status = 'pending' and d.next_attempt_at <= ${now}
          and (d.claimed_until is null or d.claimed_until <= ${now})
        returning d.id, d.webhook_id, d.message_id, d.payload, d.attempts, d.queued_at, w.url, w.secret`.execute(db);
      return result.rows.map((row) => ({
        ...row,
        payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
      }));
    },

    /** Logs an attempt and moves the delivery on: delivered, retried at `nextAttemptAt`, or failed for good. */
    async recordAttempt(
      deliveryId: number,
      at: Date,
      outcome: AttemptOutcome,
      next: { status: 'delivered' } | { status: 'pending'; nextAttemptAt: Date } | { status: 'failed' },
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('webhook_attempts')
          .values({
            delivery_id: deliveryId,
            attempted_at: at,
            status_code: outcome.statusCode,
            latency_ms: outcome.latencyMs,
            response_excerpt: outcome.excerpt,
            error: outcome.error,
          })
          .execute();
        await trx
          .updateTable('webhook_deliveries')
          .set((eb) => ({
            status: next.status,
            attempts: eb('attempts', '+', 1),
            claimed_until: null,
            last_status_code: outcome.statusCode,
            last_latency_ms: outcome.latencyMs,
            last_response_excerpt: outcome.excerpt,
            last_error: outcome.error,
            ...(next.status === 'pending' ? { next_attempt_at: next.nextAttemptAt } : {}),
            ...(next.status === 'delivered' ? { delivered_at: at } : {}),
          }))
          .where('id', '=', deliveryId)
          .execute();
      });
    },

    /** After a day of failures: the endpoint is switched off with its reason, its queue abandoned. */
    async disable(webhookId: number, reason: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('webhooks')
          .set({ enabled: false, disabled_reason: reason })
          .where('id', '=', webhookId)
          .execute();
        await trx
          .updateTable('webhook_deliveries')
          .set({ status: 'abandoned', claimed_until: null })
          .where('webhook_id', '=', webhookId)
          .where('status', '=', 'pending')
          .execute();
      });
    },

    async listDeliveries(webhookId: number, skip: number, count: number) {
      const [rows, total] = await Promise.all([
        db
          .selectFrom('webhook_deliveries')
          .selectAll()
          .where('webhook_id', '=', webhookId)
          .orderBy('id', 'desc')
          .offset(skip)
          .limit(count)
          .execute(),
        db
          .selectFrom('webhook_deliveries')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('webhook_id', '=', webhookId)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },

    /** Every attempt at one of this endpoint's deliveries, oldest first; undefined when it is not this endpoint's. */
    async listAttempts(webhookId: number, deliveryId: number) {
      const delivery = await db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('id', '=', deliveryId)
        .where('webhook_id', '=', webhookId)
        .executeTakeFirst();
      if (!delivery) return undefined;
      return db
        .selectFrom('webhook_attempts')
        .select(['id', 'attempted_at', 'status_code', 'latency_ms', 'response_excerpt', 'error'])
        .where('delivery_id', '=', deliveryId)
        .orderBy('attempted_at')
        .orderBy('id')
        .execute();
    },

    /** Queues a delivery again now, with a fresh 24-hour window; false if it is not this endpoint's. */
    async retry(webhookId: number, deliveryId: number, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('webhook_deliveries')
        .set({ status: 'pending', next_attempt_at: now, queued_at: now, claimed_until: null })
        .where('id', '=', deliveryId)
        .where('webhook_id', '=', webhookId)
        .where('status', '!=', 'held')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
export type WebhookRepository = ReturnType<typeof createWebhookRepository>;
