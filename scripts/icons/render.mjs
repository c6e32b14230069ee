#!/usr/bin/env node
// @ts-check
// Draws the icons browsers and phones ask for by a fixed name, from app/icon.svg (the site's icon):
// app/favicon.ico (16, 32 and 48 px; browsers and crawlers request /favicon.ico whatever the page's
// <link rel=icon> says) and app/apple-icon.png (180×180, opaque and square: iOS rounds the corners
// itself and puts a transparent icon on black). Next serves both through its metadata file convention
// and links the Apple one from every page. Chromium draws them, like the preview cards (scripts/og);
// the files are committed. Run it after changing app/icon.svg:
//   node scripts/icons/render.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH, ensureChromium } from '../lib/chromium.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const svg = readFileSync(`${root}app/icon.svg`, 'utf8');
// The Apple icon is the same drawing, full-bleed: the rounded square's corners would show as black.
const squareSvg = svg.replace(/\srx="[^"]*"/, '');

await ensureChromium();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH });
try {
  const page = await browser.newPage();
  /** @param {string} source @param {number} size */
  const draw = async (source, size) => {
    await page.setViewportSize({ width: size, height: size });
    const url = `data:image/svg+xml;base64,${Buffer.from(source).toString('base64')}`;
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}img{display:block;width:${size}px;height:${size}px}</style><img src="${url}">`,
    );
    await page.locator('img').evaluate((img) => /** @type {HTMLImageElement} */ (img).decode());
    return page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
  };

  writeFileSync(`${root}app/apple-icon.png`, await draw(squareSvg, 180));

  // An ICO file whose images are PNGs (every browser since IE Vista reads them): a 6-byte header, a
  // 16-byte entry per image, then the images.
  const sizes = [16, 32, 48];
  const images = [];
  for (const size of sizes) images.push(await draw(svg, size));
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach((image, i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(sizes[i] ?? 0, entry); // width (0 would mean 256)
    header.writeUInt8(sizes[i] ?? 0, entry + 1);
    header.writeUInt8(0, entry + 2); // no palette
    header.writeUInt8(0, entry + 3);
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(image.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += image.length;
  });
  writeFileSync(`${root}app/favicon.ico`, Buffer.concat([header, ...images]));
} finally {
  await browser.close();
}
