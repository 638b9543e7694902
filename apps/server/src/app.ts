import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './db/database';
import { type IdentityResolver, registerAccessControl, requireDeclaredAccess } from './http/access';
import { registerErrorHandlers } from './http/error-handler';
import { registerLanguage } from './http/language';
import { registerWebApp } from './http/web-app';
import type { Clock } from './lib/clock';
import type { KeyValueStore } from './lib/kv-store';
import { loggerOptions } from './lib/logger';
import { createSettingsRepository } from './repositories/settings.repository';
import { healthRoutes } from './routes/health.routes';
import { infoRoutes } from './routes/info.routes';
import { createClientConfigService } from './services/client-config.service';
import { createSettingsService } from './services/settings.service';

export interface AppDeps {
  config: Config;
  db: Db;
  clock: Clock;
  store: KeyValueStore;
}

/** The composition root: every repository and service is built here and handed to the routes. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db, clock } = deps;
  const app = Fastify({
    logger: loggerOptions(config.LOG_LEVEL),
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 200 },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const settings = createSettingsService({ repository: createSettingsRepository(db), clock });
  await settings.load();
  const clientConfig = createClientConfigService({ settings });

  const resolveIdentity: IdentityResolver = async () => null;

  registerLanguage(app);
  registerErrorHandlers(app);
  requireDeclaredAccess(app);
  await app.register(fastifyCookie);
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Flagpole API', version: '0.1.0', description: 'Capture-the-flag competition platform' },
    },
    transform: jsonSchemaTransform,
  });
  registerAccessControl(app, resolveIdentity);

  await app.register(healthRoutes({ db }));
  await app.register(infoRoutes({ clientConfig }));

  app.get('/openapi.json', { schema: { hide: true }, config: { access: 'public' } }, async () => app.swagger());
  await registerWebApp(app, config.WEB_DIST);
  return app;
}
