import {
  IntId,
  SignatureVerifyModel,
  TeamInfoModel,
  TeamInviteCode,
  TeamTransferModel,
  TeamUpdateModel,
  Uuid,
} from '@flagpole/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedIn } from '../http/request-context';
import { EmptyBody, errorResponses } from '../http/schemas';
import { acceptUploads, multipartBodyLimit, readSingleUpload } from '../http/upload';
import type { TeamService } from '../services/team.service';

const tags = ['Team'];
const TeamParams = z.object({ id: IntId });
const JsonString = z.string();

export const teamRoutes =
  (deps: { teams: TeamService; maxImageBytes: number }): FastifyPluginAsyncZod =>
  async (app) => {
    await acceptUploads(app);
    const { teams } = deps;

    app.get(
      '/api/team',
      {
        schema: { tags, summary: 'Teams of the caller, with members', response: { 200: z.array(TeamInfoModel) } },
        config: { access: 'User' },
      },
      async (request) => teams.listMine(signedIn(request)),
    );

    app.post(
      '/api/team',
      {
        schema: {
          tags,
          summary: 'Create a team; the caller becomes its captain (at most 3 captained teams)',
          body: TeamUpdateModel,
          response: { 200: TeamInfoModel, ...errorResponses(400, 401, 403) },
        },
        config: { access: 'User', audit: 'team.create' },
      },
      async (request) => teams.create(signedIn(request), request.body),
    );

    app.post(
      '/api/team/accept',
      {
        schema: {
          tags,
          summary: 'Join a team with its invite code `<name>:<id>:<32 hex>` (a bare JSON string)',
          body: TeamInviteCode,
          response: { 200: EmptyBody, ...errorResponses(400, 401, 403) },
        },
        config: { access: 'User', audit: 'team.join' },
      },
      async (request, reply) => {
        await teams.accept(signedIn(request), request.body);
        return reply.send();
      },
    );

    app.post(
      '/api/team/verify',
      {
        schema: {
          tags,
          summary: 'Check a team token against a game public key (200 valid, 401 invalid, 400 malformed)',
          body: SignatureVerifyModel,
          response: { 200: EmptyBody, ...errorResponses(400, 401) },
        },
        config: { access: 'public', audit: false },
      },
      async (request, reply) => {
        teams.verify(request.body.teamToken, request.body.publicKey);
        return reply.send();
      },
    );

    app.get(
      '/api/team/:id',
      {
        schema: {
          tags,
          summary: 'A team with its members',
          params: TeamParams,
          response: { 200: TeamInfoModel, ...errorResponses(400, 404) },
        },
        config: { access: 'public' },
      },
      async (request) => teams.get(request.params.id),
    );

    app.put(
      '/api/team/:id',
      {
        schema: {
          tags,
          summary: 'Edit a team (captain); absent or null fields stay unchanged',
          params: TeamParams,
          body: TeamUpdateModel,
          response: { 200: TeamInfoModel, ...errorResponses(400, 401, 403, 404) },
        },
        config: { access: 'User', audit: 'team.update' },
      },
      async (request) => teams.update(signedIn(request), request.params.id, request.body),
    );

    app.delete(
      '/api/team/:id',
      {
        schema: {
          tags,
          summary: 'Delete a team (captain; not while locked)',
          params: TeamParams,
          response: { 200: EmptyBody, ...errorResponses(400, 401, 403, 404) },
        },
        config: { access: 'User', audit: 'team.delete' },
      },
      async (request, reply) => {
        await teams.remove(signedIn(request), request.params.id);
        return reply.send();
      },
    );

    app.put(
      '/api/team/:id/avatar',
      {
        bodyLimit: multipartBodyLimit(deps.maxImageBytes),
        schema: {
          tags,
          summary: 'Upload the team avatar (captain; multipart part `file`)',
          params: TeamParams,
          consumes: ['multipart/form-data'],
          response: {
            200: z.string().describe('URL of the new avatar'),
            ...errorResponses(400, 401, 403, 404, 413, 415),
          },
        },
        config: { access: 'User', audit: 'team.avatar' },
      },
      async (request, reply) => {
        const identity = signedIn(request);
        const upload = await readSingleUpload(request, 'file', deps.maxImageBytes);
        const url = await teams.setAvatar(identity, request.params.id, upload);
        return reply.type('application/json; charset=utf-8').send(JSON.stringify(url));
      },
    );

    app.get(
      '/api/team/:id/invite',
      {
        schema: {
          tags,
          summary: 'The invite code (captain)',
          params: TeamParams,
          response: { 200: JsonString, ...errorResponses(400, 401, 403, 404) },
        },
        config: { access: 'User' },
      },
      async (request, reply) => {
        const code = await teams.inviteCode(signedIn(request), request.params.id);
        return reply.type('application/json; charset=utf-8').send(JSON.stringify(code));
      },
    );

    app.put(
      '/api/team/:id/invite',
      {
        schema: {
          tags,
          summary: 'Replace the invite code (captain)',
          params: TeamParams,
          response: { 200: JsonString, ...errorResponses(400, 401, 403, 404) },
        },
        config: { access: 'User', audit: 'team.newInvite' },
      },
      async (request, reply) => {
        const code = await teams.rotateInviteCode(signedIn(request), request.params.id);
        return reply.type('application/json; charset=utf-8').send(JSON.stringify(code));
      },
    );

    app.post(
      '/api/team/:id/kick/:userId',
      {
        schema: {
          tags,
          summary: 'Remove a member (captain; not while locked); also takes them off the team’s game rosters',
          params: z.object({ id: IntId, userId: Uuid }),
          response: { 200: TeamInfoModel, ...errorResponses(400, 401, 403, 404) },
        },
        config: { access: 'User', audit: 'team.kick' },
      },
      async (request) => teams.kick(signedIn(request), request.params.id, request.params.userId),
    );

    app.post(
      '/api/team/:id/leave',
      {
        schema: {
          tags,
          summary: 'Leave a team (not the captain; not while locked)',
          params: TeamParams,
          response: { 200: EmptyBody, ...errorResponses(400, 401, 403, 404) },
        },
        config: { access: 'User', audit: 'team.leave' },
      },
      async (request, reply) => {
        await teams.leave(signedIn(request), request.params.id);
        return reply.send();
      },
    );

    app.put(
      '/api/team/:id/transfer',
      {
        schema: {
          tags,
          summary: 'Hand captaincy to another member (captain)',
          params: TeamParams,
          body: TeamTransferModel,
          response: { 200: TeamInfoModel, ...errorResponses(400, 401, 403, 404) },
        },
        config: { access: 'User', audit: 'team.transfer' },
      },
      async (request) => teams.transfer(signedIn(request), request.params.id, request.body.newCaptainId),
    );
  };
