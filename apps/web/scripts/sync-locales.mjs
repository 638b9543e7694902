#!/usr/bin/env node
// Copies keys that exist in en-US.json but are missing from another language into that language
// (English text, to be translated), and removes keys en-US no longer has. Safe to run repeatedly.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const directory = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/locales');
const languages = ['zh-CN', 'zh-TW', 'ja-JP', 'id-ID', 'ko-KR', 'ru-RU', 'vi-VN', 'de-DE', 'fr-FR', 'es-ES'];
const read = (language) => JSON.parse(readFileSync(path.join(directory, `${language}.json`), 'utf8'));
const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The reference's shape with the target's values where the target has them. */
function merge(reference, target, missing, prefix = '') {
  const result = {};
  for (const [key, value] of Object.entries(reference)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (isObject(value)) {
      result[key] = merge(value, isObject(target?.[key]) ? target[key] : {}, missing, name);
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
  const merged = merge(english, read(language), missing);
  writeFileSync(path.join(directory, `${language}.json`), `${JSON.stringify(merged, null, 2)}\n`);
  if (missing.length > 0) console.log(`${language}: ${missing.length} key(s) copied in English`);
}
