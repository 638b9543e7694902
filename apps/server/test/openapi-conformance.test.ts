import fastifySwagger from '@fastify/swagger';
import { INT32_MAX, MAX_TIMESTAMP } from '@flagpole/contract';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { documentRoute } from '../src/http/openapi';
import { EmptyBody, errorResponses } from '../src/http/schemas';
import { createTestContext, type TestContext } from './harness';
import { OpenApiConformance } from './openapi-conformance';

interface Operation {
  requestBody?: { content: Record<string, { schema?: unknown }> };
  parameters?: Array<{ name: string; in: string; schema: Record<string, unknown> }>;
  responses: Record<string, { content?: Record<string, unknown> }>;
}

let ctx: TestContext;
let document: { paths: Record<string, Record<string, Operation>> };

beforeAll(async () => {
  ctx = await createTestContext();
  document = ctx.app.swagger() as unknown as typeof document;
});
afterAll(() => ctx.close());

describe('/openapi.json', () => {
  const operations = () =>
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ label: `${method.toUpperCase()} ${path}`, operation })),
    );

  it('documents the statuses the shared machinery answers on every route', () => {
    expect(operations().length).toBeGreaterThan(100);
    for (const { label, operation } of operations()) {
      const statuses = Object.keys(operation.responses);
      expect(statuses, label).toEqual(expect.arrayContaining(['400', '429']));
      if (/^(POST|PUT|DELETE|PATCH) /.test(label)) {
        expect(statuses, label).toEqual(expect.arrayContaining(['403', '413', '415']));
      }
      if (label.includes('{')) expect(statuses, label).toContain('404');
    }
    const signedIn = document.paths['/api/account/profile']?.get?.responses ?? {};
    expect(Object.keys(signedIn)).toEqual(expect.arrayContaining(['401', '403']));
  });

  it('shows the range of every integer a request takes: path and query ids, and body fields', () => {
    const integers: Array<[string, Record<string, unknown>]> = [];
    const collect = (label: string, schema: unknown): void => {
      if (schema === null || typeof schema !== 'object') return;
      const node = schema as Record<string, unknown>;
      if (node.type === 'integer') integers.push([label, node]);
      for (const [key, value] of Object.entries(node)) {
        if (key === 'properties') {
          for (const [name, field] of Object.entries(value as object)) collect(`${label}.${name}`, field);
        } else if (typeof value === 'object') collect(label, value);
      }
    };
    for (const { label, operation } of operations()) {
      for (const parameter of operation.parameters ?? []) collect(`${label} ${parameter.name}`, parameter.schema);
      for (const content of Object.values(operation.requestBody?.content ?? {}))
        collect(`${label} body`, content.schema);
    }
    expect(integers.length).toBeGreaterThan(140);
    for (const [label, node] of integers) {
      expect(node.maximum, label).toEqual(expect.any(Number));
      expect(node.minimum, label).toEqual(expect.any(Number));
      // Only timestamps (milliseconds) and a submission's bigserial id go past a 32-bit column.
      const wide = node.maximum === MAX_TIMESTAMP || label.endsWith(' submitId');
      expect(node.maximum as number, label).toBeLessThanOrEqual(wide ? Number.MAX_SAFE_INTEGER : INT32_MAX);
      expect(node.minimum as number, label).toBeGreaterThanOrEqual(-INT32_MAX - 1);
    }
    const find = (label: string) => integers.find(([at]) => at === label)?.[1];
    const id = { type: 'integer', format: 'int32', minimum: 1, maximum: INT32_MAX };
    expect(find('POST /api/game/{id} id')).toEqual(id);
    expect(find('PUT /api/admin/participation/{id} id')).toEqual(id);
    expect(find('POST /api/game/{id} body.teamId')).toMatchObject({ minimum: 1, maximum: INT32_MAX });
    expect(find('POST /api/game/{id} body.divisionId')).toMatchObject({ minimum: 1, maximum: INT32_MAX });
    expect(find('PUT /api/admin/participation/{id} body.divisionId')).toMatchObject({ minimum: 1, maximum: INT32_MAX });
  });

  it('describes multipart uploads, binary answers with their types, and empty answers without content', () => {
    const body = (path: string, method: string) => document.paths[path]?.[method]?.requestBody?.content ?? {};
    for (const [path, method] of [
      ['/api/assets', 'post'],
      ['/api/account/avatar', 'put'],
      ['/api/team/{id}/avatar', 'put'],
      ['/api/edit/games/{id}/poster', 'put'],
      ['/api/game/{id}/writeup', 'post'],
      ['/api/admin/config/logo', 'post'],
    ] as const) {
      expect(Object.keys(body(path, method)), `${method} ${path}`).toEqual(['multipart/form-data']);
    }
    const answer = (path: string) => Object.keys(document.paths[path]?.get?.responses['200']?.content ?? {});
    expect(answer('/api/game/{id}/scoreboardsheet')).toEqual([
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]);
    expect(answer('/api/admin/writeups/{id}/all')).toEqual(['application/zip']);
    expect(answer('/api/game/captures/{challengeId}/{partId}/all')).toEqual(['application/zip']);
    expect(answer('/api/game/captures/{challengeId}/{partId}/{filename}')).toEqual(['application/vnd.tcpdump.pcap']);
    expect(document.paths['/api/account/logout']?.post?.responses['200']?.content).toBeUndefined();
  });
});

describe('the conformance check of the API tests', () => {
  it('catches each kind of drift between an answer and the document', async () => {
    const conformance = new OpenApiConformance();
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.addHook('onSend', conformance.onSend);
    await app.register(fastifySwagger, { openapi: { info: { title: 't', version: '1' } }, transform: documentRoute });
    const declared = { response: { 200: z.object({ a: z.string() }), 204: EmptyBody, ...errorResponses(404) } };
    const json = (text: string) => (_request: unknown, reply: { type: (t: string) => { send: (b: string) => void } }) =>
      reply.type('application/json').send(text);
    app.get('/drift/status', { schema: declared, config: { access: 'public' } }, async (_request, reply) =>
      reply.code(409 as 404).send({ title: 'x', status: 409 }),
    );
    app.get('/drift/body', { schema: declared, config: { access: 'public' } }, json('{"a":1}'));
    app.get('/drift/empty', { schema: declared, config: { access: 'public' } }, async (_request, reply) =>
      reply.send(),
    );
    app.get('/drift/error', { schema: declared, config: { access: 'public' } }, async (_request, reply) =>
      reply.code(404).type('application/json').send('{"title":"gone","status":400}'),
    );
    app.get('/drift/ok', { schema: declared, config: { access: 'public' } }, json('{"a":"fine"}'));
    await app.ready();
    conformance.attach(app);
    for (const url of ['/drift/status', '/drift/body', '/drift/empty', '/drift/error', '/drift/ok']) {
      await app.inject({ url });
    }
    await app.close();
    expect(conformance.violations).toEqual([
      expect.stringContaining('status 409 not documented'),
      expect.stringContaining('body does not match the schema'),
      expect.stringContaining('sent no body'),
      expect.stringContaining('error body says status 400'),
    ]);
    expect(() => conformance.assertConforms()).toThrow(/4 answers disagree/);
  });
});
