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

export interface JsonProbeOptions {
  /** An empty object is a valid body (every field optional): no "missing fields" probe. */
  emptyIsValid?: boolean;
  /** The body is a list of such objects. */
  asList?: boolean;
  /** Also leave out each field in turn (the others filled with a plausible value). */
  eachMissing?: boolean;
}

/** Bodies for a JSON endpoint taking an object with these fields (or, with `asList`, a list of them). */
export function jsonProbes(fields: readonly string[], options: JsonProbeOptions = {}): Probe[] {
  const json = 'application/json';
  const wrap = (value: unknown) => JSON.stringify(options.asList ? [value] : value);
  const withAll = (value: unknown) => wrap(Object.fromEntries(fields.map((f) => [f, value])));
  const probes: Probe[] = [
    ['malformed JSON', '{"a": "b", ', json],
    ['empty body', '', json],
    ['text/plain body', 'a=b&c=d', 'text/plain'],
    ['form body', 'a=b&c=d', 'application/x-www-form-urlencoded'],
    ['JSON null', 'null', json],
    ['JSON string', '"hello"', json],
    ['JSON number', '42', json],
    [options.asList ? 'JSON object' : 'JSON array', options.asList ? '{}' : '[1,2,3]', json],
    ['numbers for strings', withAll(12345), json],
    ['booleans for values', withAll(true), json],
    ['huge numbers', withAll(1e300), json],
    ['negative numbers', withAll(-5), json],
    ['objects for strings', withAll({ nested: { deeper: [1, 2] } }), json],
    ['arrays for strings', withAll(['a', 'b']), json],
    ['oversized strings', withAll('x'.repeat(100_000)), json],
    ['oversized body', JSON.stringify({ padding: 'y'.repeat(5 * 1024 * 1024) }), json],
    [
      'prototype pollution',
      wrap(JSON.parse('{"__proto__": {"role": "Admin"}, "constructor": {"prototype": {"role": "Admin"}}}')),
      json,
    ],
    ['control characters', withAll('\u0000\u0001\u202e'), json],
  ];
  if (!options.emptyIsValid) {
    probes.push(['missing fields', wrap({}), json]);
    // Unknown fields are dropped (the body rule), so they cannot stand in for the required ones.
    probes.push(['only an unknown field', wrap({ notAField: 'x' }), json]);
  }
  if (options.eachMissing && !options.emptyIsValid) {
    for (const field of fields) {
      const others = Object.fromEntries(fields.filter((f) => f !== field).map((f) => [f, 'Valid-value1@example.com']));
      probes.push([`missing ${field}`, wrap(others), json]);
    }
  }
  return probes;
}

/** What an upload route takes: an image (re-encoded), a PDF writeup, or any file (assets). */
export type UploadKind = 'image' | 'pdf' | 'file';

/** Broken multipart bodies; image and PDF routes also get files of the wrong kind. */
export function uploadProbes(kind: UploadKind): Probe[] {
  const wrongPart = multipartBody('not_the_field', 'a.png', 'image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  const truncated = multipartBody('file', 'a.png', 'image/png', Buffer.from('abc'));
  const probes: Probe[] = [
    ['JSON instead of multipart', '{"file": "x"}', 'application/json'],
    ['text/plain', 'hello', 'text/plain'],
    ['multipart without boundary', 'hello', 'multipart/form-data'],
    ['garbage multipart', '--zzz\r\nnonsense', 'multipart/form-data; boundary=zzz'],
    ['truncated multipart', truncated.body.subarray(0, truncated.body.length - 10), truncated.contentType],
    ['wrong part name', wrongPart.body, wrongPart.contentType],
    ['no parts', '--zzz--\r\n', 'multipart/form-data; boundary=zzz'],
  ];
  if (kind === 'image') {
    const text = multipartBody('file', 'a.png', 'image/png', Buffer.from('plain text, not an image'));
    const empty = multipartBody('file', 'a.png', 'image/png', Buffer.alloc(0));
    const big = multipartBody('file', 'big.png', 'image/png', Buffer.alloc(4 * 1024 * 1024, 1));
    probes.push(
      ['text renamed .png', text.body, text.contentType],
      ['empty file', empty.body, empty.contentType],
      ['oversized file', big.body, big.contentType],
    );
  }
  if (kind === 'pdf') {
    const text = multipartBody('file', 'a.pdf', 'application/pdf', Buffer.from('plain text, not a PDF'));
    probes.push(['text renamed .pdf', text.body, text.contentType]);
  }
  return probes;
}
