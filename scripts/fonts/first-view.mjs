// @ts-check
// The first-view faces of the locales whose script many systems lack (Hindi, Marathi, Urdu): which
// face, which weights, and which characters their pages draw. (Japanese, Chinese and Korean have none:
// every system their readers use has a font for them; docs/performance.md, "Post-build steps: the
// measured decision".) scripts/fonts/build.mjs subsets the faces to those characters;
// tests/i18n/first-view-fonts.test.ts checks the shipped subsets still have every one of them. Plain
// JavaScript so the build script and Jest share it without a compiler.
import { readFileSync } from 'node:fs';
import { create } from 'fontkit';
import { localeTable as table } from '../../lib/i18n/locale-table.mjs';

const root = new URL('../../', import.meta.url);

/**
 * One entry per script. `family` is the CSS name app/globals.css puts first in the locale's stack;
 * `unicodeRange` matches the whole-script face's @font-face, which stays as the fallback for text
 * the subset lacks (names typed by users) and for visitors without JavaScript.
 */
export const firstViewScripts = {
  devanagari: {
    family: 'Noto Sans Devanagari First View',
    locales: ['hi', 'mr'],
    unicodeRange: 'U+0900-097F, U+1CD0-1CFF, U+200C-200D, U+20A8, U+20B9, U+25CC, U+A830-A839, U+A8E0-A8FF',
    // The dotted circle: the shaper draws it under a vowel sign that has no consonant to sit on.
    always: '\u25cc',
    // What the shaper forms alone: an akshara (a conjunct with its signs), which is what
    // Intl.Segmenter's grapheme clusters are since Unicode 15.1.
    shapingUnit: 'grapheme',
    faces: [
      { weight: '400', source: 'public/fonts/noto-sans-devanagari-400.woff2' },
      { weight: '700', source: 'public/fonts/noto-sans-devanagari-700.woff2' },
    ],
  },
  naskh: {
    family: 'Noto Naskh Arabic First View',
    locales: ['ur'],
    unicodeRange: 'U+0600-06FF, U+0750-077F, U+08A0-08FF, U+200C-200F, U+FB50-FDFF, U+FE70-FEFF',
    always: '',
    // Arabic letters join across the whole word.
    shapingUnit: 'word',
    faces: [{ weight: '400', source: 'public/fonts/noto-naskh-arabic-400.woff2' }],
    // Urdu's own face, Nastaliq (156 KB, costly to shape): never part of the first view. Fetched
    // once the page has loaded and the browser is idle, then used from the next page on (`optional`:
    // taken only if ready at once, never swapped in under the reader).
    later: { family: 'Noto Nastaliq Urdu', weight: '400', url: '/fonts/noto-nastaliq-urdu-400.woff2' },
  },
};

/** Where the generated manifest (locale → script URL) lives; lib/i18n/fonts.ts imports it. */
export const manifestPath = 'lib/i18n/first-view-fonts.json';
export const outputDir = 'public/fonts/first-view';

/** @param {string} range CSS unicode-range @returns {(cp: number) => boolean} */
export function inUnicodeRange(range) {
  const spans = range.split(',').map((part) => {
    const [from = '', to = from] = part.trim().replace(/^U\+/i, '').split('-');
    return { from: parseInt(from, 16), to: parseInt(to, 16) };
  });
  return (cp) => spans.some(({ from, to }) => cp >= from && cp <= to);
}

/** @param {unknown} tree @param {string[]} out */
function strings(tree, out = []) {
  if (typeof tree === 'string') out.push(tree);
  else if (tree && typeof tree === 'object') for (const value of Object.values(tree)) strings(value, out);
  return out;
}

/** Code, BCP 47 tag and name of every locale: the locale table (lib/i18n/locale-table.mjs). */
function localeTable() {
  return table.map(({ code, tag, name }) => ({ code, tag, name }));
}

/**
 * Every character a locale's pages can draw from the site's own text: its messages, the language
 * names of the switcher, and what Intl writes for it (digits — Marathi's are Devanagari —, prices,
 * month and weekday names of the dates the policy, pay and team pages show).
 * @param {string} locale
 */
export function siteText(locale) {
  const table = localeTable();
  const entry = table.find((l) => l.code === locale);
  if (!entry) throw new Error(`unknown locale ${locale}`);
  const parts = strings(JSON.parse(readFileSync(new URL(`messages/${locale}.json`, root), 'utf8')));
  parts.push(...table.map((l) => l.name));
  for (const tag of [entry.code, entry.tag]) {
    parts.push(
      new Intl.NumberFormat(tag).format(1234567890.5),
      new Intl.NumberFormat(tag, { style: 'percent' }).format(0.5),
    );
    for (const currency of ['USD', 'VND']) {
      parts.push(new Intl.NumberFormat(tag, { style: 'currency', currency }).format(1234.56));
    }
    for (let month = 0; month < 12; month++) {
      const date = new Date(Date.UTC(2026, month, 10 + month));
      for (const dateStyle of /** @type {const} */ (['full', 'long', 'medium', 'short'])) {
        parts.push(new Intl.DateTimeFormat(tag, { dateStyle, timeZone: 'UTC' }).format(date));
      }
    }
  }
  return parts.join('');
}

/**
 * The characters of `text` in a script's unicode-range, sorted. Default-ignorable ones (RLM, ZWJ…)
 * are kept when the face has them (ZWJ and ZWNJ steer Devanagari conjuncts) but never drawn, so a
 * face need not have them.
 * @param {keyof typeof firstViewScripts} scriptName
 * @param {string} text
 */
export function charactersFor(scriptName, text) {
  const inRange = inUnicodeRange(firstViewScripts[scriptName].unicodeRange);
  const set = new Set([...text].map((ch) => /** @type {number} */ (ch.codePointAt(0))).filter(inRange));
  return [...set].sort((a, b) => a - b);
}

/** @param {number} cp */
export const mustBeDrawn = (cp) => !/\p{Default_Ignorable_Code_Point}/u.test(String.fromCodePoint(cp));

/**
 * The code points a font file (TTF, WOFF or WOFF2) maps to glyphs.
 * @param {Buffer} bytes
 */
export function fontCodePoints(bytes) {
  return new Set(create(bytes).characterSet);
}

/**
 * The faces a generated first-view script registers: [{weight, bytes}] (it is written by build.mjs).
 * @param {string} js
 */
export function facesInScript(js) {
  return [...js.matchAll(/\["(\d{3})","([A-Za-z0-9+/=]+)"\]/g)].map(([, weight = '', base64 = '']) => ({
    weight,
    bytes: Buffer.from(base64, 'base64'),
  }));
}

/**
 * A font's shaper (fontkit's OpenType layout: GSUB, GPOS): per glyph of the shaped text, its
 * advance width, the advance and offsets the layout gives it.
 * @param {Buffer} bytes
 */
export function shaper(bytes) {
  const font = create(bytes);
  return (/** @type {string} */ text) => {
    const run = font.layout(text);
    return run.positions.map((p, i) => [run.glyphs[i]?.advanceWidth, p.xAdvance, p.xOffset, p.yOffset]);
  };
}
