// @ts-check
// What each preview card image (public/og/<locale>-<card>.png) is made of: its texts, the fonts its
// script needs, the template, and the hash of all of it. scripts/og/render.mjs draws the images and
// records these hashes in public/og/manifest.json; tests/og/images.test.ts recomputes them, so a
// changed translation, template or font without `npm run og-images` fails there. One module for
// both, so they cannot disagree. Plain JavaScript so the script and Jest share it without a compiler.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { localeTable } from '../../lib/i18n/locale-table.mjs';

const root = new URL('../../', import.meta.url);

/** The cards: `site` for every public page, `pay` and `team` for the personal links (lib/config/og-cards.ts). */
export const ogCards = /** @type {const} */ (['site', 'pay', 'team']);
/** @typedef {(typeof ogCards)[number]} OgCard */

/** What Open Graph and Twitter's summary_large_image show at full size (1.91:1). */
export const OG_SIZE = { width: 1200, height: 630 };
/** WhatsApp shows no image above this; every image stays under it. */
export const MAX_BYTES = 300 * 1024;

export const templatePath = 'scripts/og/card.html';
export const outputDir = 'public/og';
export const manifestPath = 'public/og/manifest.json';

/** Where each card's text comes from in messages/<locale>.json. */
export const cardMessages = {
  site: { title: 'Metadata.home.title', description: 'Metadata.home.description' },
  pay: { title: 'LinkOpen.pay.title', description: 'LinkOpen.pay.description' },
  team: { title: 'LinkOpen.team.title', description: 'LinkOpen.team.description' },
};

/**
 * The only value a card's text may hold: the brand. The images are the same for everyone, so a
 * message with any other argument (a name, a plan, a team) cannot be drawn into one.
 */
export const allowedArguments = ['brand'];

/** Code, tag and direction of every locale: the locale table (lib/i18n/locale-table.mjs). */
export function ogLocales() {
  return localeTable.map(({ code, tag, dir }) => ({ code, tag, dir }));
}

/** site.name in lib/config/site.ts, the value of `{brand}`. */
export function brandName() {
  const source = readFileSync(new URL('lib/config/site.ts', root), 'utf8');
  const match = /\bname: '([^']+)'/.exec(source);
  if (!match?.[1]) throw new Error('lib/config/site.ts: no site.name found');
  return match[1];
}

/** @param {string} code @param {OgCard} card */
export const imageName = (code, card) => `${code}-${card}.png`;

/**
 * The font files: Noto Sans for Latin, Cyrillic and Vietnamese (and every letter the others lack), the
 * repository's Devanagari and Nastaliq faces, and Noto Sans JP, SC and KR from pinned npm
 * packages (scripts/fonts/source.mjs fetches them once with `npm pack` and
 * checks their integrity; never part of `npm install`). A script's face covers only its script
 * (unicode-range), so the brand and punctuation stay in Noto Sans everywhere.
 */
const notoSans = {
  npm: '@expo-google-fonts/noto-sans@0.4.2',
  integrity: 'sha512-zYD8G2ijWLxqmquoQgghNh/x9p0yxWwArD0oxO1oXY1qx5vOd4t0Kbhnu/Cx8RTy08OgA8RtxuULZFaXwVPnPw==',
};
const notoSansJp = {
  npm: '@expo-google-fonts/noto-sans-jp@0.4.3',
  integrity: 'sha512-Fl+Z6vtD24HFAYsvzB0S9Nery1ly16B9PesdY0wBd+wEHAvkNglnkTUspU0HqGOubkmoa8zusJrKv6vDx1o70A==',
};
const notoSansSc = {
  npm: '@expo-google-fonts/noto-sans-sc@0.4.3',
  integrity: 'sha512-9rAwdFTFHbO/u6Cs0gj2jZbW74TGIiaFNQnXYH2s5wA1bzVkwbaviL4t8YUV642eGYjg86eH6DkAEQmfNHDncQ==',
};
const notoSansKr = {
  npm: '@expo-google-fonts/noto-sans-kr@0.4.3',
  integrity: 'sha512-EVS/uJPcf1TgJtjmQmrFr0oGdcl7ml09CSu0E/AyGzR0UfzdR2pBbzWWPsnuzZiGUl643ODYwYiXK5+B+fLjhQ==',
};
const cjkRange = 'U+2E80-2FDF, U+3000-30FF, U+3130-318F, U+3400-4DBF, U+4E00-9FFF, U+AC00-D7AF, U+FF00-FFEF';

/**
 * @typedef {{ id: string, family: string, weight: string, unicodeRange?: string,
 *   source: import('../fonts/source.mjs').FontSource }} OgFont
 */
/** @type {OgFont[]} */
export const ogFonts = [
  {
    id: 'sans-400',
    family: 'Card Sans',
    weight: '400',
    source: { ...notoSans, file: '400Regular/NotoSans_400Regular.ttf' },
  },
  { id: 'sans-700', family: 'Card Sans', weight: '700', source: { ...notoSans, file: '700Bold/NotoSans_700Bold.ttf' } },
  {
    id: 'devanagari-400',
    family: 'Card Devanagari',
    weight: '400',
    unicodeRange: 'U+0900-097F, U+1CD0-1CFF, U+200C-200D, U+20B9, U+25CC, U+A8E0-A8FF',
    source: 'public/fonts/noto-sans-devanagari-400.woff2',
  },
  {
    id: 'devanagari-700',
    family: 'Card Devanagari',
    weight: '700',
    unicodeRange: 'U+0900-097F, U+1CD0-1CFF, U+200C-200D, U+20B9, U+25CC, U+A8E0-A8FF',
    source: 'public/fonts/noto-sans-devanagari-700.woff2',
  },
  {
    // Urdu's own hand, as on the site. One weight: the title is set larger, never synthesized bold.
    id: 'nastaliq-400',
    family: 'Card Nastaliq',
    weight: '400',
    unicodeRange: 'U+0600-06FF, U+0750-077F, U+08A0-08FF, U+FB50-FDFF, U+FE70-FEFF',
    source: 'public/fonts/noto-nastaliq-urdu-400.woff2',
  },
  {
    id: 'jp-400',
    family: 'Card JP',
    weight: '400',
    unicodeRange: cjkRange,
    source: { ...notoSansJp, file: '400Regular/NotoSansJP_400Regular.ttf' },
  },
  {
    id: 'jp-700',
    family: 'Card JP',
    weight: '700',
    unicodeRange: cjkRange,
    source: { ...notoSansJp, file: '700Bold/NotoSansJP_700Bold.ttf' },
  },
  {
    id: 'sc-400',
    family: 'Card SC',
    weight: '400',
    unicodeRange: cjkRange,
    source: { ...notoSansSc, file: '400Regular/NotoSansSC_400Regular.ttf' },
  },
  {
    id: 'sc-700',
    family: 'Card SC',
    weight: '700',
    unicodeRange: cjkRange,
    source: { ...notoSansSc, file: '700Bold/NotoSansSC_700Bold.ttf' },
  },
  {
    id: 'kr-400',
    family: 'Card KR',
    weight: '400',
    unicodeRange: cjkRange,
    source: { ...notoSansKr, file: '400Regular/NotoSansKR_400Regular.ttf' },
  },
  {
    id: 'kr-700',
    family: 'Card KR',
    weight: '700',
    unicodeRange: cjkRange,
    source: { ...notoSansKr, file: '700Bold/NotoSansKR_700Bold.ttf' },
  },
];

/** The families a locale's card is set in, first match wins (the site's own per-script choice). */
const scriptFamily = /** @type {Record<string, string>} */ ({
  hi: 'Card Devanagari',
  mr: 'Card Devanagari',
  ur: 'Card Nastaliq',
  ja: 'Card JP',
  zh: 'Card SC',
  ko: 'Card KR',
});

/** @param {string} code @returns {string[]} */
export function fontStack(code) {
  const own = scriptFamily[code];
  return own ? [own, 'Card Sans'] : ['Card Sans'];
}

/** @param {string} code @returns {OgFont[]} the faces a locale's card may use */
export function fontsFor(code) {
  const stack = fontStack(code);
  return ogFonts.filter((font) => stack.includes(font.family));
}

/** @param {unknown} tree @param {string} path */
function at(tree, path) {
  /** @type {unknown} */
  let node = tree;
  for (const key of path.split('.'))
    node = node && typeof node === 'object' ? /** @type {any} */ (node)[key] : undefined;
  if (typeof node !== 'string') throw new Error(`no message ${path}`);
  return node;
}

/**
 * An ICU message with its arguments: the names it uses and its text with `values` put in. Only
 * plain text and simple arguments: a card never has plurals, selects or tags.
 * @param {string} message @param {Record<string, string>} values
 */
export function formatPlain(message, values) {
  /** @type {string[]} */
  const argumentsUsed = [];
  let text = '';
  for (const element of parse(message)) {
    if (element.type === TYPE.literal) text += element.value;
    else if (element.type === TYPE.argument) {
      argumentsUsed.push(element.value);
      text += values[element.value] ?? `{${element.value}}`;
    } else throw new Error(`a card's text may hold plain text and {brand} only: ${JSON.stringify(message)}`);
  }
  return { text, argumentsUsed };
}

/** @param {string} code */
function messagesOf(code) {
  return JSON.parse(readFileSync(new URL(`messages/${code}.json`, root), 'utf8'));
}

/**
 * The title and description a card shows in a locale, and the message arguments they used.
 * @param {string} code @param {OgCard} card
 */
export function cardText(code, card) {
  const messages = messagesOf(code);
  const values = { brand: brandName() };
  const title = formatPlain(at(messages, cardMessages[card].title), values);
  const description = formatPlain(at(messages, cardMessages[card].description), values);
  return {
    title: title.text,
    description: description.text,
    argumentsUsed: [...new Set([...title.argumentsUsed, ...description.argumentsUsed])],
  };
}

/** @param {string | Buffer} data */
const sha256 = (data) => createHash('sha256').update(data).digest('hex');

/**
 * Everything one image is drawn from. The font list names each file with its pinned integrity (a
 * repository file by its content's hash), so a changed face changes the hash too.
 * @param {string} code @param {OgCard} card
 */
export function cardInputs(code, card) {
  const locale = ogLocales().find((l) => l.code === code);
  if (!locale) throw new Error(`unknown locale ${code}`);
  const { title, description } = cardText(code, card);
  return {
    size: OG_SIZE,
    locale,
    card,
    brand: brandName(),
    title,
    description,
    fontStack: fontStack(code),
    fonts: fontsFor(code).map(({ id, family, weight, unicodeRange, source }) => ({
      id,
      family,
      weight,
      unicodeRange: unicodeRange ?? null,
      source:
        typeof source === 'string' ? { file: source, sha256: sha256(readFileSync(new URL(source, root))) } : source,
    })),
    template: sha256(readFileSync(new URL(templatePath, root))),
  };
}

/** @param {string} code @param {OgCard} card */
export function inputHash(code, card) {
  return sha256(JSON.stringify(cardInputs(code, card)));
}

/** @typedef {{ images: Record<string, { inputs: string, bytes: number }> }} OgManifest */
