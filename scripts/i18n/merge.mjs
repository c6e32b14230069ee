#!/usr/bin/env node
// Merges translated messages into messages/<locale>.json, keeping English's key order and
// dropping keys English no longer has.
//   node scripts/i18n/merge.mjs vi /tmp/vi-done.json
import { readFileSync, writeFileSync } from 'node:fs';

const [locale, file] = process.argv.slice(2);
if (!locale || !file) throw new Error('usage: merge.mjs <locale> <translated.json>');
/** @typedef {{ [key: string]: string | Messages }} Messages */
const path = (/** @type {string} */ code) => new URL(`../../messages/${code}.json`, import.meta.url);
const en = JSON.parse(readFileSync(path('en'), 'utf8'));
const current = JSON.parse(readFileSync(path(locale), 'utf8'));
const incoming = JSON.parse(readFileSync(file, 'utf8'));

/**
 * @param {Messages} shape
 * @param {Messages | undefined} base
 * @param {Messages | undefined} update
 * @returns {Messages}
 */
function merge(shape, base, update) {
  /** @type {Messages} */
  const out = {};
  for (const [key, value] of Object.entries(shape)) {
    if (typeof value === 'string') {
      const next = typeof update?.[key] === 'string' ? update[key] : base?.[key];
      if (typeof next === 'string') out[key] = next;
    } else {
      const sub = merge(value, asMessages(base?.[key]), asMessages(update?.[key]));
      if (Object.keys(sub).length) out[key] = sub;
    }
  }
  return out;
}

/** @param {string | Messages | undefined} value */
function asMessages(value) {
  return typeof value === 'object' ? value : undefined;
}

writeFileSync(path(locale), `${JSON.stringify(merge(en, current, incoming), null, 2)}\n`);
console.log(`messages/${locale}.json updated`);
