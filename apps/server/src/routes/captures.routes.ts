import { ChallengeTrafficModel, FileRecord, IntId, TeamTrafficModel } from '@flagpole/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { binaryBody, EmptyBody, errorResponses } from '../http/schemas';
import type { Clock } from '../lib/clock';
import type { CaptureService } from '../services/capture.service';

const tags = ['Game'];
const GameParams = z.object({ id: IntId });
const ChallengeParams = z.object({ challengeId: IntId });
const TeamParams = ChallengeParams.extend({ partId: IntId });
// Names are checked against the server's own naming when used; this only bounds the text.
const FileParams = TeamParams.extend({ filename: z.string().min(1).max(200) });

/** Recorded proxy traffic of container challenges, for monitors and administrators. */
export const captureRoutes =
  (deps: { captures: CaptureService; clock: Clock }): FastifyPluginAsyncZod =>
  async (app) => {
    const { captures } = deps;

    app.get(
      '/api/game/games/:id/captures',
      {
        schema: {
          tags,
          summary: 'Challenges of a game that capture traffic, with the number of teams that have captures',
          params: GameParams,
          response: { 200: z.array(ChallengeTrafficModel), ...errorResponses(400, 401, 403, 404) },
        },
        config: { access: 'Monitor' },
      },
      async (request) => captures.challenges(request.params.id),
    );

    app.get(
      '/api/game/captures/:challengeId',
      {
        schema: {
          tags,
          summary: 'Teams with captures for a challenge (id is the participation id)',
          params: ChallengeParams,
          response: { 200: z.array(TeamTrafficModel), ...errorResponses(400, 401, 403, 404) },
        },
        config: { access: 'Monitor' },
      },
      async (request) => captures.teams(request.params.challengeId),
    );

    app.get(
      '/api/game/captures/:challengeId/:partId',
      {
        schema: {
          tags,
          summary: 'Capture files of one team for a challenge, newest first',
          params: TeamParams,
          response: { 200: z.array(FileRecord), ...errorResponses(400, 401, 403, 404) },
        },
        config: { access: 'Monitor' },
      },
      async (request) => captures.files(request.params.challengeId, request.params.partId),
    );

    app.get(
      '/api/game/captures/:challengeId/:partId/all',
      {
        schema: {
          tags,
          summary: 'Every capture file of one team for a challenge, as a zip archive',
          params: TeamParams,
          response: {
            200: binaryBody('application/zip', 'Every capture file of the team, zipped'),
            ...errorResponses(400, 401, 403, 404),
          },
        },
        config: { access: 'Monitor' },
      },
      async (request, reply) => {
        const { challengeId, partId } = request.params;
        const archive = await captures.downloadAll(challengeId, partId);
        const stamp = deps.clock.now().toISOString().replace(/[-:]/g, '').replace(/\..*/, '');
        return reply
          .type('application/zip')
          .header('content-disposition', `attachment; filename="Capture-${challengeId}-${partId}-${stamp}.zip"`)
          .header('cache-control', 'no-store')
          .send(archive);
      },
    );

    app.delete(
      '/api/game/captures/:challengeId/:partId/all',
      {
        schema: {
          tags,
          summary: 'Delete every capture file of one team for a challenge',
          params: TeamParams,
          response: { 200: EmptyBody, ...errorResponses(400, 401, 403, 404) },
        },
        config: { access: 'Monitor', audit: 'capture.deleteAll' },
      },
      async (request) => {
        await captures.removeAll(request.params.challengeId, request.params.partId);
      },
    );

    app.get(
      '/api/game/captures/:challengeId/:partId/:filename',
      {
        schema: {
          tags,
          summary: 'Download one capture file (pcap)',
          params: FileParams,
          response: {
            200: binaryBody('application/vnd.tcpdump.pcap', 'The capture file'),
            ...errorResponses(400, 401, 403, 404),
          },
        },
        config: { access: 'Monitor' },
      },
      async (request, reply) => {
        const { challengeId, partId, filename } = request.params;
        const file = await captures.download(challengeId, partId, filename);
        return reply
          .type('application/vnd.tcpdump.pcap')
          .header('content-length', file.size)
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'no-store')
          .send(file.stream);
      },
    );

    app.delete(
      '/api/game/captures/:challengeId/:partId/:filename',
      {
        schema: {
          tags,
          summary: 'Delete one capture file',
          params: FileParams,
          response: { 200: EmptyBody, ...errorResponses(400, 401, 403, 404) },
        },
        config: { access: 'Monitor', audit: 'capture.delete' },
      },
      async (request) => {
        await captures.remove(request.params.challengeId, request.params.partId, request.params.filename);
      },
    );
  };
