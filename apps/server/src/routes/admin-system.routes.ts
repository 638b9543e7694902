import {
  ArrayResponseOfStoredFile,
  ConfigEditModel,
  ConfigUpdateModel,
  FilesQuery,
  LogMessageModel,
  LogQuery,
} from '@flagpole/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedIn } from '../http/request-context';
import { EmptyBody, errorResponses } from '../http/schemas';
import { acceptUploads, multipartBodyLimit, readSingleUpload } from '../http/upload';
import type { AdminLogGateway } from '../realtime/admin-log-gateway';
import { admitWebSocket, type LiveAdmission } from '../realtime/live-admission';
import type { AdminLogService } from '../services/admin-logs.service';
import type { AdminSettingsService } from '../services/admin-settings.service';

const tags = ['Admin'];
const config = { access: 'Admin' } as const;

/** Site settings, logo, stored files and the server log (Admin only). */
export const adminSystemRoutes =
  (deps: {
    settings: AdminSettingsService;
    logs: AdminLogService;
    liveLogs: AdminLogGateway;
    liveAdmission: LiveAdmission;
    maxImageBytes: number;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    await acceptUploads(app);
    const { settings, logs } = deps;

    app.get(
      '/api/admin/config',
      {
        schema: {
          tags,
          summary: 'Account policy, global config and container policy',
          response: { 200: ConfigEditModel, ...errorResponses(401, 403) },
        },
        config,
      },
      async () => settings.get(),
    );

    app.put(
      '/api/admin/config',
      {
        schema: {
          tags,
          summary: 'Save settings: null sections are skipped, absent fields kept; applied at once everywhere',
          body: ConfigUpdateModel,
          response: { 200: EmptyBody, ...errorResponses(400, 401, 403) },
        },
        config: { ...config, audit: 'settings.update' },
      },
      async (request, reply) => {
        await settings.edit(request.body);
        return reply.send();
      },
    );

    app.post(
      '/api/admin/config/logo',
      {
        bodyLimit: multipartBodyLimit(deps.maxImageBytes),
        schema: {
          tags,
          summary: 'Upload the platform logo (multipart part `file`); a favicon is made from it',
          consumes: ['multipart/form-data'],
          response: { 200: EmptyBody, ...errorResponses(400, 401, 403, 413, 415) },
        },
        config: { ...config, audit: 'settings.logo' },
      },
      async (request, reply) => {
        await settings.setLogo(await readSingleUpload(request, 'file', deps.maxImageBytes));
        return reply.send();
      },
    );

    app.delete(
      '/api/admin/config/logo',
      {
        schema: {
          tags,
          summary: 'Go back to the default logo',
          response: { 200: EmptyBody, ...errorResponses(401, 403) },
        },
        config: { ...config, audit: 'settings.resetLogo' },
      },
      async (_request, reply) => {
        await settings.resetLogo();
        return reply.send();
      },
    );

    app.get(
      '/api/admin/files',
      {
        schema: {
          tags,
          summary: 'Stored files, newest first, with sizes in bytes (total equals length)',
          querystring: FilesQuery,
          response: { 200: ArrayResponseOfStoredFile, ...errorResponses(400, 401, 403) },
        },
        config,
      },
      async (request) => settings.files(request.query.skip, request.query.count),
    );

    app.get(
      '/api/admin/logs',
      {
        schema: {
          tags,
          summary:
            'Stored log entries (Information and above, and the audit trail), newest first, filtered by level, outcome, user, address or text',
          querystring: LogQuery,
          response: { 200: z.array(LogMessageModel), ...errorResponses(400, 401, 403) },
        },
        config,
      },
      async (request) => logs.list(request.query),
    );

    app.get(
      '/api/admin/logs/live',
      {
        websocket: true,
        schema: { tags, summary: 'New log entries as they are written (websocket of AdminLiveMessage)' },
        config,
      },
      (socket, request) => {
        const identity = signedIn(request);
        const caller = { address: request.ip, userId: identity.userId };
        if (!admitWebSocket(deps.liveAdmission, 'adminLog', socket, caller)) return;
        deps.liveLogs.join(socket, identity);
      },
    );
  };
