import { EvidenceCaseKey, EvidenceReport, IntId } from '@flagpole/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedIn } from '../http/request-context';
import { binaryBody, EmptyBody, errorResponses } from '../http/schemas';
import { XLSX_TYPE } from '../services/sheet.service';
import type { EvidenceService } from './evidence.service';

const GameParams = z.object({ id: IntId });
const CaseParams = GameParams.extend({ key: EvidenceCaseKey });
const denied = [400, 401, 403, 404] as const;
const tags = ['Game'];

/** Flag-sharing evidence for monitors (Flagpole's own; docs/operations.md, "Flag-sharing evidence"). */
export const evidenceRoutes =
  (deps: { evidence: EvidenceService }): FastifyPluginAsyncZod =>
  async (app) => {
    const { evidence } = deps;

    app.get(
      '/api/game/:id/evidence',
      {
        schema: {
          tags,
          summary: 'Suspected flag sharing: the stored cases, strongest first (`dismissed=true`: with dismissed ones)',
          params: GameParams,
          querystring: z.object({ dismissed: z.stringbool().default(false) }),
          response: { 200: EvidenceReport, ...errorResponses(...denied) },
        },
        config: { access: 'Monitor' },
      },
      async (request) => evidence.report(request.params.id, request.query.dismissed),
    );

    app.post(
      '/api/game/:id/evidence/refresh',
      {
        schema: {
          tags,
          summary: 'Compute the evidence now (unless another process is computing it); answers the cases',
          params: GameParams,
          response: { 200: EvidenceReport, ...errorResponses(...denied) },
        },
        config: { access: 'Monitor', audit: 'evidence.refresh' },
      },
      async (request) => evidence.refreshNow(request.params.id),
    );

    app.put(
      '/api/game/:id/evidence/:key/dismissed',
      {
        schema: {
          tags,
          summary: 'Dismiss a case (kept, hidden by default) or bring it back',
          params: CaseParams,
          body: z.object({ dismissed: z.boolean() }),
          response: { 200: EmptyBody, ...errorResponses(...denied) },
        },
        config: { access: 'Monitor', audit: 'evidence.dismiss' },
      },
      async (request, reply) => {
        const { id, key } = request.params;
        await evidence.dismiss(id, key, signedIn(request).userId, request.body.dismissed);
        return reply.send();
      },
    );

    app.get(
      '/api/game/:id/evidence/export',
      {
        schema: {
          tags,
          summary: 'Every case with its signals, dismissed ones too, as a JSON file',
          params: GameParams,
          response: { 200: EvidenceReport, ...errorResponses(...denied) },
        },
        config: { access: 'Monitor' },
      },
      async (request, reply) => {
        const file = await evidence.exportJson(request.params.id);
        return reply
          .header('content-disposition', file.disposition)
          .header('cache-control', 'no-store')
          .send(file.report);
      },
    );

    app.get(
      '/api/game/:id/evidencesheet',
      {
        schema: {
          tags,
          summary: 'Every case, one row per signal, as an .xlsx workbook',
          params: GameParams,
          response: { 200: binaryBody(XLSX_TYPE, 'The workbook'), ...errorResponses(...denied) },
        },
        config: { access: 'Monitor' },
      },
      async (request, reply) => {
        const file = await evidence.exportXlsx(request.params.id, request.language);
        return reply
          .type(XLSX_TYPE)
          .header('content-disposition', file.disposition)
          .header('cache-control', 'no-store')
          .send(file.body);
      },
    );
  };
