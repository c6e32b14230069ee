#!/usr/bin/env node
// @ts-check
// npm run fonts: regenerates the first-view fonts of Hindi, Marathi and Urdu from the messages.
//
// Each script's face (public/fonts, whole-script Fontsource files) is subset with HarfBuzz to the
// characters its locales' pages draw (scripts/fonts/first-view.mjs), keeping the layout features
// and every glyph they reach (conjuncts, Arabic joining forms), and written into a small classic
// script, public/fonts/first-view/<script>.<hash>.js, which the root layout loads in <head>. That
// script builds the faces from bytes (new FontFace(family, bytes)), which Chromium decodes at once
// (the face is "loaded" when the constructor returns; e2e/fonts.spec.ts), so the page's first layout
// already has the real face: no invisible fallback text to re-lay out when a font file arrives
// late, so nothing moves. A URL, even a data: URL, is decoded after the first layout. Run it after changing
// hi.json, mr.json or ur.json; tests/i18n/first-view-fonts.test.ts fails until you do.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import subsetFont from 'subset-font';
import {
  charactersFor,
  firstViewScripts,
  fontCodePoints,
  manifestPath,
  mustBeDrawn,
  outputDir,
  siteText,
} from './first-view.mjs';
import { whenPaintedSource } from '../lib/when-painted.mjs';
import { readFontSource, sourceName } from './source.mjs';

const root = new URL('../../', import.meta.url);

/**
 * A face kept out of the first view: registered (`optional`) only once an earlier page has fetched it,
 * which it does once the page has loaded and its first contentful paint is on screen, when idle (the
 * load event alone can come before that paint). The flag
 * lives in localStorage; if the browser has evicted the file since, `optional` just keeps the
 * first-view face on that page.
 * @param {{ family: string, weight: string, url: string }} later
 * @param {string} unicodeRange
 */
function laterFace(later, unicodeRange) {
  const source = JSON.stringify(`url(${later.url})`);
  const key = JSON.stringify(`quorum:font-fetched:${later.url}`);
  return (
    `(function(){if(!window.FontFace||!document.fonts)return;var key=${key};` +
    `try{if(localStorage.getItem(key)){document.fonts.add(new FontFace(${JSON.stringify(later.family)},${source},` +
    `{weight:${JSON.stringify(later.weight)},display:"optional",unicodeRange:${JSON.stringify(unicodeRange)}}));return;}}` +
    `catch(e){return;}` +
    whenPaintedSource +
    `addEventListener("load",function(){whenPainted(function(){(window.requestIdleCallback||setTimeout)(function(){` +
    `new FontFace("prefetch",${source}).load().then(function(){try{localStorage.setItem(key,"1");}catch(e){}},` +
    `function(){});});});});})();\n`
  );
}

/** @type {Record<string, { src: string }>} */
const manifest = {};
mkdirSync(new URL(`${outputDir}/`, root), { recursive: true });
const keep = new Set();

for (const name of /** @type {(keyof typeof firstViewScripts)[]} */ (Object.keys(firstViewScripts))) {
  const script = firstViewScripts[name];
  const text = script.locales.map(siteText).join('') + script.always;
  const codePoints = charactersFor(name, text);
  /** @type {[string, string][]} */
  const faces = [];
  for (const { weight, source } of script.faces) {
    // The space glyph too: a shaper shows ZWJ and ZWNJ (Marathi writes अ‍ॅ) as a zero-width space glyph.
    const bytes = await subsetFont(readFontSource(source), ` ${String.fromCodePoint(...codePoints)}`, {
      targetFormat: 'woff2',
    });
    const drawn = fontCodePoints(bytes);
    const missing = codePoints.filter((cp) => mustBeDrawn(cp) && !drawn.has(cp));
    if (missing.length)
      throw new Error(`${sourceName(source)} lacks ${missing.map((cp) => `U+${cp.toString(16)}`).join(' ')}`);
    faces.push(/** @type {[string, string]} */ ([weight, bytes.toString('base64')]));
  }
  const js =
    `/* ${script.faces.map((f) => sourceName(f.source)).join(', ')} (SIL OFL 1.1, /fonts/OFL.txt), ` +
    `subset to ${codePoints.length} characters by scripts/fonts/build.mjs. Generated: do not edit. */\n` +
    `(function(){if(!window.FontFace||!document.fonts)return;` +
    `var faces=${JSON.stringify(faces)};` +
    // Uint8Array.fromBase64 decodes natively in under a millisecond; the byte loop (older browsers)
    // runs cold in the interpreter, tens of milliseconds for a face, before the first paint.
    `function bytes(b64){if(Uint8Array.fromBase64)return Uint8Array.fromBase64(b64);` +
    `var s=atob(b64),b=new Uint8Array(s.length);for(var j=0;j<s.length;j++)b[j]=s.charCodeAt(j);return b}` +
    `for(var i=0;i<faces.length;i++){` +
    `document.fonts.add(new FontFace(${JSON.stringify(script.family)},bytes(faces[i][1]),` +
    `{weight:faces[i][0],display:"block",unicodeRange:${JSON.stringify(script.unicodeRange)}}));}})();\n` +
    ('later' in script ? laterFace(script.later, script.unicodeRange) : '');
  const hash = createHash('sha256').update(js).digest('hex').slice(0, 10);
  const file = `${name}.${hash}.js`;
  writeFileSync(new URL(`${outputDir}/${file}`, root), js);
  keep.add(file);
  const src = `/${outputDir.replace(/^public\//, '')}/${file}`;
  for (const locale of script.locales) {
    manifest[locale] = { src };
  }
  const sizes = faces.map(([weight, b64]) => `${weight}: ${Math.round((b64.length * 3) / 4)} B`).join(', ');
  console.log(`${file}: ${codePoints.length} characters; woff2 ${sizes}; script ${js.length} B`);
}

for (const file of readdirSync(new URL(`${outputDir}/`, root))) {
  if (!keep.has(file)) rmSync(new URL(`${outputDir}/${file}`, root));
}
writeFileSync(new URL(manifestPath, root), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`${manifestPath}: ${JSON.stringify(manifest)}`);
