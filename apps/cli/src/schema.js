// @ts-check
// The JSON Schemas of the two formats, shipped beside the code (`flagpole schema` prints them, editors use
// them for completion), and their compiled validators.
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';

/** @typedef {import('./load.js').Format} Format */

/** @param {Format} format @returns {Record<string, unknown>} */
export function schemaOf(format) {
  const name = format === 'noctf' ? 'noctf.schema.json' : 'challenge.schema.json';
  const read = (/** @type {string} */ file) =>
    JSON.parse(readFileSync(new URL(`../schema/${file}`, import.meta.url), 'utf8'));
  const schema = read(name);
  // noCTF's file shares challenge.yml's `flagpole` block; it is put in place so the schema stands alone.
  if (format === 'noctf') schema.properties.flagpole = read('challenge.schema.json').properties.flagpole;
  return schema;
}

// ajv-formats is CommonJS: its default export arrives wrapped under Node's ESM interop.
const addFormats = /** @type {typeof addFormatsModule.default} */ (
  /** @type {any} */ (addFormatsModule).default ?? addFormatsModule
);

/** @type {Map<Format, import('ajv').ValidateFunction>} */
const compiled = new Map();

/** @param {Format} format */
export function validatorFor(format) {
  let validate = compiled.get(format);
  if (!validate) {
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats(ajv, ['date-time']);
    validate = ajv.compile(schemaOf(format));
    compiled.set(format, validate);
  }
  return validate;
}
