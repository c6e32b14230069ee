#!/usr/bin/env node
// Prints, as JSON, the English messages a locale still lacks (or still has as an English copy).
//   node scripts/i18n/missing.mjs vi > /tmp/vi-todo.json
import { readFileSync } from 'node:fs';

const [locale] = process.argv.slice(2);
if (!locale) throw new Error('usage: missing.mjs <locale>');
/** @typedef {{ [key: string]: string | Messages }} Messages */
const load = (/** @type {string} */ code) =>
  JSON.parse(readFileSync(new URL(`../../messages/${code}.json`, import.meta.url), 'utf8'));

/**
 * @param {Messages} en
 * @param {Messages | undefined} tr
 * @param {Messages} out
 * @returns {Messages}
 */
function walk(en, tr, out) {
  for (const [key, value] of Object.entries(en)) {
    if (typeof value === 'string') {
      // A copy of English is left to do, except people's names (`.name` keys), which stay as written.
      if (typeof tr?.[key] !== 'string' || (tr[key] === value && value.length > 12 && key !== 'name')) out[key] = value;
    } else {
      const translated = tr?.[key];
      const sub = walk(value, typeof translated === 'object' ? translated : undefined, {});
      if (Object.keys(sub).length) out[key] = sub;
    }
  }
  return out;
}

console.log(JSON.stringify(walk(load('en'), load(locale), {}), null, 2));
