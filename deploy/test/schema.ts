import type { KubeObject } from './render';

interface Validating {
  validate(): void;
}

/** The kubernetes-models class of an object's apiVersion and kind (core `v1` objects included). */
async function modelOf(object: KubeObject): Promise<new (data: unknown) => Validating> {
  const module = (await import(/* @vite-ignore */ `kubernetes-models/${object.apiVersion}/${object.kind}`)) as Record<
    string,
    new (
      data: unknown,
    ) => Validating
  >;
  const model = module[object.kind];
  if (!model) throw new Error(`no schema for ${object.apiVersion} ${object.kind}`);
  return model;
}

/**
 * Wraps a plain value so that every property the validator reads is recorded: the compiled schemas read
 * each field they know, so a field never read is one the schema does not have (a misspelt `readynessProbe`
 * would otherwise pass, as the schemas allow extra properties).
 */
function tracked(value: unknown, path: string, read: Set<string>): unknown {
  if (value === null || typeof value !== 'object') return value;
  return new Proxy(value as Record<string, unknown>, {
    get(target, key, receiver) {
      if (typeof key === 'string' && Object.hasOwn(target, key)) read.add(`${path}/${key}`);
      const child = Reflect.get(target, key, receiver);
      return typeof key === 'string' ? tracked(child, `${path}/${key}`, read) : child;
    },
  });
}

function fieldsOf(value: unknown, path: string, into: string[]): string[] {
  if (value === null || typeof value !== 'object') return into;
  for (const [key, child] of Object.entries(value)) {
    into.push(`${path}/${key}`);
    fieldsOf(child, `${path}/${key}`, into);
  }
  return into;
}

/** Validates an object against its Kubernetes schema; returns the fields the schema does not define. */
export async function validateObject(object: KubeObject): Promise<string[]> {
  const Model = await modelOf(object);
  const read = new Set<string>();
  // The model's validate() runs the compiled schema on `this`; run it on the tracked copy instead.
  Model.prototype.validate.call(tracked(structuredClone(object), '', read));
  return fieldsOf(object, '', []).filter((field) => !read.has(field));
}
