import { IntId } from '@flagpole/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { binaryBody, errorResponses } from '../http/schemas';
import { type Sheet, type SheetService, XLSX_TYPE } from '../services/sheet.service';

const GameParams = z.object({ id: IntId });
const schema = (summary: string) => ({
  tags: ['Game'],
  summary,
  params: GameParams,
  response: { 200: binaryBody(XLSX_TYPE, 'The spreadsheet'), ...errorResponses(400, 401, 403, 404) },
});

/** Spreadsheet exports of a game for monitors (Monitor or Admin). */
export const sheetsRoutes =
  (deps: { sheets: SheetService }): FastifyPluginAsyncZod =>
  async (app) => {
    const send = (reply: FastifyReply, sheet: Sheet) =>
      reply
        .type(XLSX_TYPE)
        .header('content-disposition', sheet.disposition)
        .header('cache-control', 'no-store')
        .send(sheet.stream);

    app.get(
      '/api/game/:id/scoreboardsheet',
      {
        schema: {
          ...schema(
            'The scoreboard as an .xlsx workbook (live; `view=players`: the board players see during a freeze; ' +
              'Flagpole: `phase`, the board of one game phase)',
          ),
          querystring: z.object({ view: z.enum(['live', 'players']).default('live'), phase: IntId.optional() }),
        },
        config: { access: 'Monitor' },
      },
      async (request, reply) =>
        send(
          reply,
          await deps.sheets.scoreboard(
            request.params.id,
            request.language,
            request.query.view === 'players',
            request.query.phase,
          ),
        ),
    );

    app.get(
      '/api/game/:id/submissionsheet',
      { schema: schema('Every submission as an .xlsx workbook'), config: { access: 'Monitor' } },
      async (request, reply) => send(reply, await deps.sheets.submissions(request.params.id, request.language)),
    );
  };
