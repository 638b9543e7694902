#!/usr/bin/env node
// Copies keys that exist in en-US.json but are missing from another language into that language
// (English text, to be translated), and removes keys en-US no longer has. Safe to run repeatedly.
// Plural keys follow each language's grammar (Intl.PluralRules): Russian keeps _one/_few/_many/_other,
// Japanese only _other; a missing form is filled from the English _other text, to be translated.
// (The files are rewritten in the order of en-US.json.)
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const directory = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/locales');
const languages = ['zh-CN', 'zh-TW', 'ja-JP', 'id-ID', 'ko-KR', 'ru-RU', 'vi-VN', 'de-DE', 'fr-FR', 'es-ES'];
const read = (language) => JSON.parse(readFileSync(path.join(directory, `${language}.json`), 'utf8'));
const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** The reference's shape with the target's values where the target has them. */
function merge(reference, target, missing, categories, prefix = '') {
  const result = {};
  const pluralsDone = new Set();
  for (const [key, value] of Object.entries(reference)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (isObject(value)) {
      result[key] = merge(value, isObject(target?.[key]) ? target[key] : {}, missing, categories, name);
    } else if (PLURAL.test(key)) {
      const base = key.replace(PLURAL, '');
      if (pluralsDone.has(base)) continue;
      pluralsDone.add(base);
      for (const category of categories) {
        const form = `${base}_${category}`;
        if (typeof target?.[form] === 'string' && target[form] !== '') result[form] = target[form];
        else {
          result[form] = reference[form] ?? reference[`${base}_other`];
          missing.push(prefix ? `${prefix}.${form}` : form);
        }
      }
    } else if (typeof target?.[key] === 'string' && target[key] !== '') {
      result[key] = target[key];
    } else {
      result[key] = value;
      missing.push(name);
    }
  }
  return result;
}

const english = read('en-US');
for (const language of languages) {
  const missing = [];
  // French and Spanish "many" (millions) reads the "other" text at run time (src/lib/i18n/plural-forms.ts).
  const categories = new Intl.PluralRules(language)
    .resolvedOptions()
    .pluralCategories.filter((category) => !(category === 'many' && ['fr-FR', 'es-ES'].includes(language)));
  const merged = merge(english, read(language), missing, categories);
  writeFileSync(path.join(directory, `${language}.json`), `${JSON.stringify(merged, null, 2)}\n`);
  if (missing.length > 0) console.log(`${language}: ${missing.length} key(s) copied in English`);
}
