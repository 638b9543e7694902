import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { multipartBody } from './multipart';

/**
 * Probes of the bad-input walkers: malformed, mistyped and oversized bodies. Each is
 * `[label, body, content type]`; every one must be answered 4xx `{title, status}`.
 */
export type Probe = [label: string, body: string | Buffer, contentType: string];

export function expectClientError(response: LightMyRequestResponse, label: string): void {
  expect(response.statusCode, `${label}: ${response.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, label).toBeLessThan(500);
  const body = JSON.parse(response.body) as unknown;
  expect(body, label).toEqual({ title: expect.any(String), status: expect.any(Number) });
  expect((body as { title: string }).title.length, label).toBeGreaterThan(0);
}

/** Bodies for a JSON endpoint taking an object with these fields (or, with `asList`, a list of them). */
export function jsonProbes(fields: readonly string[], options: { emptyIsValid?: boolean; asList?: boolean } = {}) {
  const wrap = (value: unknown) => JSON.stringify(options.asList ? [value] : value);
  const withAll = (value: unknown) => wrap(Object.fromEntries(fields.map((f) => [f, value])));
  const probes: Probe[] = [
    ['malformed JSON', '{"a": "b", ', 'application/json'],
    ['text/plain body', 'a=b&c=d', 'text/plain'],
    ['form body', 'a=b&c=d', 'application/x-www-form-urlencoded'],
    ['JSON null', 'null', 'application/json'],
    ['JSON string', '"hello"', 'application/json'],
    ['JSON number', '42', 'application/json'],
    [options.asList ? 'JSON object' : 'JSON array', options.asList ? '{}' : '[1,2,3]', 'application/json'],
    ['numbers for strings', withAll(12345), 'application/json'],
    ['objects for strings', withAll({ nested: { deeper: [1, 2] } }), 'application/json'],
    ['arrays for strings', withAll(['a', 'b']), 'application/json'],
    ['oversized strings', withAll('x'.repeat(100_000)), 'application/json'],
    ['oversized body', JSON.stringify({ padding: 'y'.repeat(5 * 1024 * 1024) }), 'application/json'],
    ['unknown field', wrap({ notAField: 'x' }), 'application/json'],
    ['prototype pollution', wrap(JSON.parse('{"__proto__": {"role": "Admin"}}')), 'application/json'],
    ['control characters', withAll('\u0000\u0001\u202e'), 'application/json'],
  ];
  if (!options.emptyIsValid) probes.push(['missing fields', wrap({}), 'application/json']);
  return probes;
}

/** Bodies for an image upload taking one multipart part `file`. */
export function imageUploadProbes(): Probe[] {
  const text = multipartBody('file', 'a.png', 'image/png', Buffer.from('plain text, not an image'));
  const wrongField = multipartBody('image', 'a.png', 'image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  const empty = multipartBody('file', 'a.png', 'image/png', Buffer.alloc(0));
  return [
    ['JSON instead of multipart', '{"file": "x"}', 'application/json'],
    ['multipart without boundary', 'hello', 'multipart/form-data'],
    ['garbage multipart', '--zzz\r\nnonsense', 'multipart/form-data; boundary=zzz'],
    ['text renamed .png', text.body, text.contentType],
    ['wrong part name', wrongField.body, wrongField.contentType],
    ['empty file', empty.body, empty.contentType],
    [
      'oversized file',
      multipartBody('file', 'big.png', 'image/png', Buffer.alloc(4 * 1024 * 1024, 1)).body,
      'multipart/form-data; boundary=x',
    ],
  ];
}
