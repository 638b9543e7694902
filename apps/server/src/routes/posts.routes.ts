import { PostDetailModel, PostInfoModel } from '@flagpole/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCached } from '../http/cached-response';
import { EmptyBody, errorResponses } from '../http/schemas';
import type { PostService } from '../services/post.service';

const tags = ['Info'];

export const postsRoutes =
  (deps: { posts: PostService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/posts',
      {
        schema: {
          tags,
          summary: 'All posts, pinned first, then newest',
          response: { 200: z.array(PostInfoModel), 304: EmptyBody },
        },
        config: { access: 'public' },
      },
      async (request, reply) => {
        return sendCached(request, reply, await deps.posts.all());
      },
    );

    app.get(
      '/api/posts/latest',
      {
        schema: {
          tags,
          summary: 'The latest 20 posts, pinned first',
          response: { 200: z.array(PostInfoModel), 304: EmptyBody },
        },
        config: { access: 'public' },
      },
      async (request, reply) => {
        return sendCached(request, reply, await deps.posts.latest());
      },
    );

    app.get(
      '/api/posts/:id',
      {
        schema: {
          tags,
          summary: 'One post',
          params: z.object({ id: z.string().max(64).describe('8 lower-case hex characters') }),
          response: { 200: PostDetailModel, 304: EmptyBody, ...errorResponses(404) },
        },
        config: { access: 'public' },
      },
      async (request, reply) => {
        return sendCached(request, reply, await deps.posts.get(request.params.id));
      },
    );
  };
