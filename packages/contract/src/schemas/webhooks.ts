import { z } from 'zod';
import { SUPPORTED_LANGUAGES } from '../languages';
import { arrayResponse, IdField, PageQuery, Timestamp } from './common';

/** The events a webhook may subscribe to (docs/integrations.md, "Webhooks"). */
export const WebhookEventType = z.enum([
  'solve',
  'blood.first',
  'blood.second',
  'blood.third',
  'notice.published',
  'challenge.released',
  'game.started',
  'game.ended',
  'participation.review',
  'instance.failed',
  'cheat.detected',
  'healthcheck.failed',
]);
export type WebhookEventType = z.infer<typeof WebhookEventType>;

/** `generic`: Standard Webhooks JSON `{type, timestamp, data}`; `discord`, `slack`: readable chat messages. */
export const WebhookFormat = z.enum(['generic', 'discord', 'slack']);
export type WebhookFormat = z.infer<typeof WebhookFormat>;

export const WebhookDeliveryStatus = z.enum(['held', 'pending', 'delivered', 'failed', 'abandoned']);
export type WebhookDeliveryStatus = z.infer<typeof WebhookDeliveryStatus>;

export const webhookLimits = { url: { max: 2000 } } as const;

const WebhookUrl = z.url({ protocol: /^https?$/ }).max(webhookLimits.url.max);

/** A webhook as organisers edit it. */
export const WebhookEditModel = z.object({
  url: WebhookUrl,
  format: WebhookFormat,
  events: z.array(WebhookEventType).min(1).max(WebhookEventType.options.length),
  /** Only this game's events; null: every game's. */
  gameId: IdField.nullable().default(null),
  /** The language of Discord and Slack messages; null or absent: the platform's default language. */
  language: z.enum(SUPPORTED_LANGUAGES).nullable().default(null),
  enabled: z.boolean().default(true),
});
export type WebhookEditModel = z.infer<typeof WebhookEditModel>;

export const WebhookModel = z.object({
  id: z.number().int(),
  url: z.string(),
  format: WebhookFormat,
  events: z.array(WebhookEventType),
  gameId: z.number().int().nullable(),
  /** Null: messages follow the platform's default language (`globalConfig.defaultLanguage`). */
  language: z.enum(SUPPORTED_LANGUAGES).nullable(),
  enabled: z.boolean(),
  /** Why the platform disabled it (a day of failed deliveries); null when enabled or disabled by hand. */
  disabledReason: z.string().nullable(),
  createdAt: Timestamp,
});
export type WebhookModel = z.infer<typeof WebhookModel>;

/** A new webhook with its signing secret, shown only in this answer. */
export const WebhookCreatedModel = WebhookModel.extend({ secret: z.string() });
export type WebhookCreatedModel = z.infer<typeof WebhookCreatedModel>;

export const WebhookDeliveryModel = z.object({
  id: z.number().int(),
  /** The `webhook-id` header, the same on every attempt. */
  messageId: z.string(),
  eventType: z.string(),
  status: WebhookDeliveryStatus,
  attempts: z.number().int(),
  nextAttemptAt: Timestamp.nullable(),
  lastStatusCode: z.number().int().nullable(),
  lastLatencyMs: z.number().int().nullable(),
  /** The start of the receiver's last answer (at most 1 KB), or the network error. */
  lastResponseExcerpt: z.string().nullable(),
  lastError: z.string().nullable(),
  createdAt: Timestamp,
  deliveredAt: Timestamp.nullable(),
});
export type WebhookDeliveryModel = z.infer<typeof WebhookDeliveryModel>;

export const ArrayResponseOfWebhookDelivery = arrayResponse(WebhookDeliveryModel);
export type ArrayResponseOfWebhookDelivery = z.infer<typeof ArrayResponseOfWebhookDelivery>;

export const WebhookDeliveriesQuery = PageQuery.extend({ count: z.coerce.number().int().min(0).max(100).default(20) });
export type WebhookDeliveriesQuery = z.infer<typeof WebhookDeliveriesQuery>;

/** One attempt at sending a delivery, as the delivery log lists them (oldest first). */
export const WebhookAttemptModel = z.object({
  id: z.number().int(),
  attemptedAt: Timestamp,
  /** The HTTP status of the answer; null when none came (refused address, network error, timeout). */
  statusCode: z.number().int().nullable(),
  latencyMs: z.number().int(),
  /** The start of the receiver's answer (at most 1 KB). */
  responseExcerpt: z.string().nullable(),
  /** Why the attempt failed (network error, timeout, `HTTP 500`); null when it succeeded. */
  error: z.string().nullable(),
});
export type WebhookAttemptModel = z.infer<typeof WebhookAttemptModel>;
