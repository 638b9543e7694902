import type { WebsocketHandler } from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { MessageKey } from '../i18n/messages';
import { AppError } from './errors';

/** 426 with `Upgrade: websocket`, for a plain request to an address that needs an upgrade. */
export const upgradeRequired = (key: MessageKey = 'error.websocketRequired') =>
  new AppError(426, key, undefined, 426, { upgrade: 'websocket', connection: 'Upgrade' });

/**
 * A websocket route (`websocket: true`) answers a plain HTTP request with 426 `{title, status}` instead of the
 * websocket plugin's empty 404, after the usual access checks. Must be registered before @fastify/websocket:
 * it turns the route's handler into the plugin's `wsHandler` and gives the route an HTTP handler of its own.
 */
export function registerWebsocketOnlyRoutes(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.websocket || route.wsHandler) return;
    route.wsHandler = route.handler as unknown as WebsocketHandler;
    route.websocket = false;
    route.handler = async () => {
      throw upgradeRequired();
    };
    // The plugin hides websocket routes from the OpenAPI document; so do these.
    route.schema = { ...route.schema, hide: true };
  });
}
