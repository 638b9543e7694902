import {
  ArrayResponseOfWebhookDelivery,
  IntId,
  WebhookAttemptModel,
  WebhookCreatedModel,
  WebhookDeliveriesQuery,
  WebhookEditModel,
  WebhookModel,
} from '@flagpole/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EmptyBody, errorResponses } from '../http/schemas';
import type { WebhookService } from './webhook.service';

const tags = ['Admin'];
const config = { access: 'Admin' } as const;
const WebhookParams = z.object({ id: IntId });
const DeliveryParams = z.object({ id: IntId, deliveryId: IntId });
const TestResult = z.object({
  statusCode: z.number().int().nullable(),
  latencyMs: z.number().int(),
  excerpt: z.string().nullable(),
  error: z.string().nullable(),
});

/** Webhooks of the admin area (Admin only, audited writes): docs/integrations.md, "Webhooks". */
export const webhookRoutes =
  (deps: { webhooks: WebhookService }): FastifyPluginAsyncZod =>
  async (app) => {
    const { webhooks } = deps;

    app.get(
      '/api/admin/webhooks',
      {
        schema: {
          tags,
          summary: 'Every webhook (without its secret)',
          response: { 200: z.array(WebhookModel), ...errorResponses(401, 403) },
        },
        config,
      },
      async () => webhooks.list(),
    );

    app.post(
      '/api/admin/webhooks',
      {
        schema: {
          tags,
          summary: 'Add a webhook; the answer carries its signing secret, shown only this once',
          body: WebhookEditModel,
          response: { 200: WebhookCreatedModel, ...errorResponses(400, 401, 403) },
        },
        config: { ...config, audit: 'webhook.create' },
      },
      async (request) => webhooks.create(request.body),
    );

    app.put(
      '/api/admin/webhooks/:id',
      {
        schema: {
          tags,
          summary: 'Edit a webhook (enabling it again clears the reason it was disabled)',
          params: WebhookParams,
          body: WebhookEditModel,
          response: { 200: WebhookModel, ...errorResponses(400, 401, 403, 404) },
        },
        config: { ...config, audit: 'webhook.update' },
      },
      async (request) => webhooks.update(request.params.id, request.body),
    );

    app.delete(
      '/api/admin/webhooks/:id',
      {
        schema: {
          tags,
          summary: 'Delete a webhook with its delivery log',
          params: WebhookParams,
          response: { 200: EmptyBody, ...errorResponses(400, 401, 403, 404) },
        },
        config: { ...config, audit: 'webhook.delete' },
      },
      async (request, reply) => {
        await webhooks.remove(request.params.id);
        return reply.send();
      },
    );

    app.post(
      '/api/admin/webhooks/:id/test',
      {
        schema: {
          tags,
          summary: 'Send a test message now and answer what the receiver said',
          params: WebhookParams,
          response: { 200: TestResult, ...errorResponses(400, 401, 403, 404) },
        },
        config: { ...config, audit: 'webhook.test' },
      },
      async (request) => webhooks.test(request.params.id),
    );

    app.get(
      '/api/admin/webhooks/:id/deliveries',
      {
        schema: {
          tags,
          summary: 'The deliveries of a webhook, newest first, paged',
          params: WebhookParams,
          querystring: WebhookDeliveriesQuery,
          response: { 200: ArrayResponseOfWebhookDelivery, ...errorResponses(400, 401, 403, 404) },
        },
        config,
      },
      async (request) => webhooks.deliveries(request.params.id, request.query),
    );

    app.get(
      '/api/admin/webhooks/:id/deliveries/:deliveryId/attempts',
      {
        schema: {
          tags,
          summary: "Every attempt at one delivery, oldest first: time, status or error, latency, the answer's start",
          params: DeliveryParams,
          response: { 200: z.array(WebhookAttemptModel), ...errorResponses(400, 401, 403, 404) },
        },
        config,
      },
      async (request) => webhooks.attempts(request.params.id, request.params.deliveryId),
    );

    app.post(
      '/api/admin/webhooks/:id/deliveries/:deliveryId/retry',
      {
        schema: {
          tags,
          summary: 'Queue a delivery again now, with a new 24-hour retry window',
          params: DeliveryParams,
          response: { 200: EmptyBody, ...errorResponses(400, 401, 403, 404) },
        },
        config: { ...config, audit: 'webhook.retry' },
      },
      async (request, reply) => {
        await webhooks.retry(request.params.id, request.params.deliveryId);
        return reply.send();
      },
    );
  };
