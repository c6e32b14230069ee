#!/usr/bin/env node
// @ts-check
// npm run og-images: draws the link preview cards, public/og/<locale>-<card>.png (1200×630, one per
// locale and card: site, pay, team), and public/og/manifest.json, the hash of each image's inputs
// (scripts/og/inputs.mjs). Run it after changing the cards' messages (Metadata.home, LinkOpen.pay,
// LinkOpen.team), scripts/og/card.html or the fonts; tests/og/images.test.ts fails until you do.
//
// Chromium draws them, not next/og: satori does not shape Devanagari conjuncts, joined Nastaliq or
// right-to-left text. A host's build has no Chromium, so the images are committed, like public/video.
// Everything is served from memory to the page (template and fonts): no network.
//   node scripts/og/render.mjs            all locales
//   node scripts/og/render.mjs ur hi      only these (the manifest keeps the others' entries)
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { create } from 'fontkit';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH, ensureChromium } from '../lib/chromium.mjs';
import { readFontSource } from '../fonts/source.mjs';
import { inUnicodeRange } from '../fonts/first-view.mjs';
import {
  MAX_BYTES,
  OG_SIZE,
  allowedArguments,
  cardText,
  fontStack,
  fontsFor,
  imageName,
  inputHash,
  manifestPath,
  ogCards,
  ogFonts,
  ogLocales,
  outputDir,
  brandName,
  templatePath,
} from './inputs.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const origin = 'http://og.invalid';
const only = process.argv.slice(2);
const locales = ogLocales().filter((l) => only.length === 0 || only.includes(l.code));
if (only.length && locales.length !== only.length) throw new Error(`unknown locale in ${only.join(', ')}`);

/** @type {Map<string, Buffer>} */
const fontBytes = new Map();
/** @param {import('./inputs.mjs').OgFont} font */
function bytesOf(font) {
  let bytes = fontBytes.get(font.id);
  if (!bytes) fontBytes.set(font.id, (bytes = readFontSource(font.source)));
  return bytes;
}

/** @type {Map<string, Set<number>>} */
const fontCharacters = new Map();
/** @param {import('./inputs.mjs').OgFont} font */
function charactersOf(font) {
  let chars = fontCharacters.get(font.id);
  if (!chars) fontCharacters.set(font.id, (chars = new Set(create(bytesOf(font)).characterSet)));
  return chars;
}

/**
 * The letters of `text` that no face of the locale's stack draws (the browser would fall back to a
 * system font, or a box). Spaces and default-ignorable marks (RLM, ZWJ) are not drawn.
 * @param {string} code @param {string} text
 */
function uncovered(code, text) {
  const faces = fontsFor(code).map((font) => ({
    inRange: font.unicodeRange ? inUnicodeRange(font.unicodeRange) : () => true,
    chars: charactersOf(font),
  }));
  return [...new Set(text)].filter((ch) => {
    if (/[\s\p{Default_Ignorable_Code_Point}]/u.test(ch)) return false;
    const cp = /** @type {number} */ (ch.codePointAt(0));
    return !faces.some((face) => face.inRange(cp) && face.chars.has(cp));
  });
}

const faceRules = ogFonts
  .map(
    (font) =>
      `@font-face{font-family:'${font.family}';font-weight:${font.weight};font-display:block;` +
      `src:url(${origin}/fonts/${font.id});${font.unicodeRange ? `unicode-range:${font.unicodeRange};` : ''}}`,
  )
  .join('\n');

ensureChromium();
mkdirSync(join(root, outputDir), { recursive: true });
const manifestFile = join(root, manifestPath);
/** @type {import('./inputs.mjs').OgManifest} */
const manifest = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : { images: {} };
const problems = [];
const brand = brandName();

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
try {
  const page = await browser.newPage({ viewport: OG_SIZE, deviceScaleFactor: 1 });
  await page.route('**/*', async (route) => {
    const url = route.request().url();
    if (url === `${origin}/card.html`) {
      return route.fulfill({ contentType: 'text/html; charset=utf-8', body: readFileSync(join(root, templatePath)) });
    }
    const font = ogFonts.find((f) => url === `${origin}/fonts/${f.id}`);
    if (font) return route.fulfill({ contentType: 'font/ttf', body: bytesOf(font) });
    return route.abort();
  });
  await page.goto(`${origin}/card.html`);
  await page.evaluate((css) => {
    /** @type {HTMLElement} */ (document.getElementById('faces')).textContent = css;
  }, faceRules);

  for (const locale of locales) {
    for (const card of ogCards) {
      const name = imageName(locale.code, card);
      const { title, description, argumentsUsed } = cardText(locale.code, card);
      const personal = argumentsUsed.filter((a) => !allowedArguments.includes(a));
      if (personal.length)
        problems.push(`${name}: the text uses {${personal.join('}, {')}}; a card is the same for everyone`);
      const missing = uncovered(locale.code, `Q${brand}${title}${description}`);
      if (missing.length) problems.push(`${name}: no card font draws ${missing.join(' ')}`);
      const stack = fontStack(locale.code);
      const fit = await page.evaluate(
        // @ts-expect-error renderCard is defined by the template
        (args) => window.renderCard(args),
        { lang: locale.code, dir: locale.dir, brand, title, description, stack, weights: ['400', '700'] },
      );
      if (fit.overflow) problems.push(`${name}: the text does not fit the card even at the smallest sizes`);
      if (fit.missing.length) problems.push(`${name}: fonts failed to load: ${fit.missing.join(', ')}`);
      const png = await page.screenshot({ type: 'png', clip: { x: 0, y: 0, ...OG_SIZE } });
      if (png.length >= MAX_BYTES) problems.push(`${name}: ${png.length} bytes, over ${MAX_BYTES}`);
      writeFileSync(join(root, outputDir, name), png);
      manifest.images[name] = { inputs: inputHash(locale.code, card), bytes: png.length };
      console.log(`${name}  ${(png.length / 1024).toFixed(1)} KB  title ${fit.titleSize}px, text ${fit.textSize}px`);
    }
  }
} finally {
  await browser.close();
}

manifest.images = Object.fromEntries(Object.entries(manifest.images).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
if (problems.length) {
  console.error(`\n✖ ${problems.length} problem(s):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
