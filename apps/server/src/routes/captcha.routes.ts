import { ClientCaptchaInfoModel, HashPowChallenge } from '@flagpole/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCached } from '../http/cached-response';
import { EmptyBody, errorResponses } from '../http/schemas';
import type { CaptchaService } from '../services/captcha.service';

export const captchaRoutes =
  (deps: { captcha: CaptchaService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/captcha',
      {
        schema: {
          tags: ['Info'],
          summary: 'Which captcha the forms must show',
          response: { 200: ClientCaptchaInfoModel, 304: EmptyBody },
        },
        config: { access: 'public' },
      },
      (request, reply) => {
        sendCached(request, reply, deps.captcha.info());
      },
    );

    app.get(
      '/api/captcha/powchallenge',
      {
        schema: {
          tags: ['Info'],
          summary: 'A proof-of-work challenge (HashPow provider only)',
          response: { 200: HashPowChallenge, ...errorResponses(404, 429) },
        },
        config: { access: 'public', rateLimit: 'powchallenge' },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return deps.captcha.powChallenge();
      },
    );
  };
