import {
  AdminUserInfoModel,
  AdminUsersQuery,
  ArrayResponseOfUserInfoModel,
  BatchRequestResponse,
  ProfileUserInfoModel,
  SearchQuery,
  UserCreateBatch,
  UserIdParams,
} from '@flagpole/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedIn } from '../http/request-context';
import { EmptyBody, errorResponses } from '../http/schemas';
import type { AdminUserService } from '../services/admin-users.service';

const tags = ['Admin'];
const config = { access: 'Admin' } as const;

/** The admin area's user management (Admin only). */
export const adminUserRoutes =
  (deps: { users: AdminUserService }): FastifyPluginAsyncZod =>
  async (app) => {
    const { users } = deps;

    app.get(
      '/api/admin/users',
      {
        schema: {
          tags,
          summary:
            'Every user, paged; `order` id (default) | newest | oldest | name | lastSeen; `search` keeps the users ' +
            'whose name, e-mail, real name, student number, phone or id contains it',
          querystring: AdminUsersQuery,
          response: { 200: ArrayResponseOfUserInfoModel, ...errorResponses(400, 401, 403) },
        },
        config,
      },
      async (request) => users.list(request.query),
    );

    app.post(
      '/api/admin/users',
      {
        // Up to 1000 users with long fields; well above the default body limit.
        bodyLimit: 4 * 1024 * 1024,
        schema: {
          tags,
          summary: 'Add users in bulk: all or none; users sharing a teamName form one new team',
          body: UserCreateBatch,
          response: { 200: EmptyBody, 400: BatchRequestResponse, ...errorResponses(401, 403) },
        },
        config: { ...config, audit: 'user.addMany' },
      },
      async (request, reply) => {
        request.auditNote = `${request.body.length} users`;
        await users.addMany(request.body);
        return reply.send();
      },
    );

    app.post(
      '/api/admin/users/search',
      {
        schema: {
          tags,
          summary: 'Search users by name, e-mail, real name, student number, phone or id (at most 30)',
          querystring: SearchQuery,
          response: { 200: ArrayResponseOfUserInfoModel, ...errorResponses(400, 401, 403) },
        },
        config: { ...config, audit: false },
      },
      async (request) => users.search(request.query.hint),
    );

    app.get(
      '/api/admin/users/:userid',
      {
        schema: {
          tags,
          summary: 'One user',
          params: UserIdParams,
          response: { 200: ProfileUserInfoModel, ...errorResponses(400, 401, 403, 404) },
        },
        config,
      },
      async (request) => users.get(request.params.userid),
    );

    app.put(
      '/api/admin/users/:userid',
      {
        schema: {
          tags,
          summary: 'Edit a user, role included; a ban ends every session of the user',
          params: UserIdParams,
          body: AdminUserInfoModel,
          response: { 200: EmptyBody, ...errorResponses(400, 401, 403, 404) },
        },
        config: { ...config, audit: 'user.update' },
      },
      async (request, reply) => {
        if (request.body.role) request.auditNote = `role ${request.body.role}`;
        await users.update(signedIn(request), request.params.userid, request.body);
        return reply.send();
      },
    );

    app.delete(
      '/api/admin/users/:userid',
      {
        schema: {
          tags,
          summary: 'Delete a user (not yourself, not a team captain)',
          params: UserIdParams,
          response: { 200: EmptyBody, ...errorResponses(400, 401, 403, 404) },
        },
        config: { ...config, audit: 'user.delete' },
      },
      async (request, reply) => {
        await users.remove(signedIn(request), request.params.userid);
        return reply.send();
      },
    );

    app.delete(
      '/api/admin/users/:userid/password',
      {
        schema: {
          tags,
          summary: 'Reset a password to a random 16-character one, returned once; the user is signed out',
          params: UserIdParams,
          response: { 200: z.string().describe('The new password'), ...errorResponses(400, 401, 403, 404) },
        },
        config: { ...config, audit: 'user.resetPassword' },
      },
      async (request, reply) => {
        const password = await users.resetPassword(request.params.userid);
        // A bare string would leave as text/plain; the contract says a JSON string.
        return reply.type('application/json; charset=utf-8').send(JSON.stringify(password));
      },
    );
  };
