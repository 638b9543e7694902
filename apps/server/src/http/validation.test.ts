import { IntId, intParam, intParams } from '@flagpole/contract';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { intParamFields, validatorCompiler } from './validation';

const StatusParams = z.object({ id: IntId, challengeId: IntId, submitId: intParam(Number.MAX_SAFE_INTEGER) });

function compile(schema: z.ZodType, by = validatorCompiler) {
  return by({ schema, method: 'GET', url: '/x', httpPart: 'params' } as FastifyRouteSchemaDef<z.ZodType>);
}

/** The outcome without the error's wording: the value, or that it was refused. */
function outcome(result: unknown): unknown {
  const r = result as { value?: unknown; error?: unknown };
  return r.error ? 'refused' : r.value;
}

const ids = [
  '1',
  '7',
  '42',
  '2147483647',
  '2147483648',
  '9999999999',
  '99999999999',
  '0',
  '00',
  '01',
  '-1',
  '+1',
  ' 1',
  '1 ',
  '1e3',
  '0x10',
  '1.0',
  '',
  'abc',
  '１',
  '9007199254740991',
  '9007199254740992',
  '90071992547409911',
];

describe('route validation', () => {
  it('reads paths of integer ids exactly as their schema does, for valid and invalid ids alike', () => {
    const shortcut = compile(StatusParams);
    const bySchema = compile(StatusParams, zodValidatorCompiler);
    for (const id of ids) {
      for (const data of [
        { id, challengeId: '3', submitId: '5' },
        { id: '3', challengeId: '4', submitId: id },
        { id: '3', challengeId: id, submitId: '5', extra: 'dropped' },
      ]) {
        expect(outcome(shortcut(data)), JSON.stringify(data)).toEqual(outcome(bySchema(data)));
      }
    }
    expect(outcome(shortcut({ id: '3', challengeId: '4' }))).toBe('refused');
    expect(outcome(shortcut({ id: 3, challengeId: '4', submitId: '5' }))).toBe('refused');
    expect(outcome(shortcut(null))).toBe('refused');
  });

  it('reads valid ids without running the schema', () => {
    // A registered id schema that refuses everything: a valid id that gets through was read by the shortcut.
    const refusing = z.string().refine(() => false);
    intParams.add(refusing, { max: 100 });
    const validate = compile(z.object({ id: refusing }));
    expect(outcome(validate({ id: '99' }))).toEqual({ id: 99 });
    // What the shortcut does not accept is the schema's to answer.
    expect(outcome(validate({ id: '101' }))).toBe('refused');
  });

  it('leaves other schemas to zod: other fields, and objects that refuse or keep unknown keys', () => {
    expect(intParamFields(StatusParams)?.map(([name]) => name)).toEqual(['id', 'challengeId', 'submitId']);
    expect(intParamFields(z.object({ id: IntId, name: z.string() }))).toBeUndefined();
    expect(intParamFields(z.object({ id: IntId.optional() }))).toBeUndefined();
    expect(intParamFields(z.strictObject({ id: IntId }))).toBeUndefined();
    expect(intParamFields(z.looseObject({ id: IntId }))).toBeUndefined();
    expect(intParamFields(z.object({}))).toBeUndefined();
    expect(intParamFields(IntId)).toBeUndefined();
  });
});
