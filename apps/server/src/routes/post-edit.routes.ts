import { PostDetailModel, PostEditModel } from '@flagpole/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedIn } from '../http/request-context';
import { EmptyBody, errorResponses } from '../http/schemas';
import type { PostEditService } from '../services/post-edit.service';

const tags = ['Edit'];
const admin = { access: 'Admin' } as const;
const PostParams = z.object({ id: z.string().max(64).describe('8 lower-case hex characters') });

/** `/api/edit/posts`: organisers create, edit, pin and delete posts (Admin). */
export const postEditRoutes =
  (deps: { posts: PostEditService }): FastifyPluginAsyncZod =>
  async (app) => {
    const { posts } = deps;

    app.post(
      '/api/edit/posts',
      {
        schema: {
          tags,
          summary: 'Create a post; answers its id (8 lower-case hex characters)',
          body: PostEditModel,
          response: { 200: z.string(), ...errorResponses(400, 401, 403) },
        },
        config: { ...admin, audit: 'post.create' },
      },
      async (request, reply) =>
        // A bare JSON string, as the contract says (a plain string reply would go out as text).
        reply
          .type('application/json; charset=utf-8')
          .send(JSON.stringify(await posts.create(signedIn(request).userId, request.body))),
    );

    app.put(
      '/api/edit/posts/:id',
      {
        schema: {
          tags,
          summary: 'Edit a post; with `isPinned` set, only the pin changes',
          params: PostParams,
          body: PostEditModel,
          response: { 200: PostDetailModel, ...errorResponses(400, 401, 403, 404) },
        },
        config: { ...admin, audit: 'post.update' },
      },
      async (request) => posts.update(request.params.id, signedIn(request).userId, request.body),
    );

    app.delete(
      '/api/edit/posts/:id',
      {
        schema: {
          tags,
          summary: 'Delete a post',
          params: PostParams,
          response: { 200: EmptyBody, ...errorResponses(401, 403, 404) },
        },
        config: { ...admin, audit: 'post.delete' },
      },
      async (request, reply) => {
        await posts.remove(request.params.id);
        return reply.send();
      },
    );
  };
