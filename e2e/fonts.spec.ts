import { test, expect, type Page } from '@playwright/test';
import { layoutShiftSum, recordLayoutShifts } from './support/layout-shifts';

/*
 * Urdu, Hindi and Marathi are readable from the first view on a machine without their system fonts
 * (this one: DejaVu has no ہ and no Devanagari), and nothing moves while the web
 * fonts arrive, on a slow network too: every response under /fonts/ (the first-view face script, the Nastaliq face
 * for the next page, any whole-script face) is held back, by a little and by a lot.
 */

const scripts = {
  urdu: {
    letters: /[\u0600-\u06ff]/gu,
    only: /^[\u0600-\u06ff\s\u200c-\u200f]+$/u,
    firstViewFaces: ['Noto Naskh Arabic', 'Noto Nastaliq Urdu'],
    coveringFace: 'Noto Naskh Arabic First View',
  },
  devanagari: {
    letters: /[\u0900-\u097f]/gu,
    only: /^[\u0900-\u097f\s\u200c\u200d]+$/u,
    firstViewFaces: ['Noto Sans Devanagari'],
    coveringFace: 'Noto Sans Devanagari First View',
  },
} as const;

const pages = [
  { path: '/ur', script: scripts.urdu },
  { path: '/ur/join', script: scripts.urdu },
  { path: '/ur/privacy', script: scripts.urdu },
  { path: '/hi', script: scripts.devanagari },
  { path: '/hi/terms', script: scripts.devanagari },
  { path: '/mr', script: scripts.devanagari },
  { path: '/mr/join', script: scripts.devanagari },
];

/**
 * How late each font response arrives (after a first layout would have happened, and much later),
 * on a phone and on a desktop screen (line breaks, so what a shift moves, differ).
 */
const conditions = [
  { delay: 400, screen: 'phone', viewport: { width: 412, height: 823 } },
  { delay: 2500, screen: 'desktop', viewport: { width: 1280, height: 720 } },
];

/**
 * For each element, how many glyphs Chromium drew with a face outside `faces`
 * (CSS.getPlatformFontsForNode), next to how many word spaces its text has: spaces come from the
 * system font (the faces cover only their script), every other glyph must come from a web face.
 */
async function glyphsOutside(page: Page, selector: string, faces: readonly string[]) {
  return (await platformFonts(page, selector)).map(({ text, fonts }) => {
    const others = fonts.filter((f) => !faces.includes(f.familyName));
    return {
      text,
      spaces: text.split(' ').length - 1,
      outside: others.map((f) => f.familyName),
      glyphsOutside: others.reduce((sum, f) => sum + f.glyphCount, 0),
    };
  });
}

/** Chromium's own account of the fonts it drew each matching element's text with. */
async function platformFonts(page: Page, selector: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector });
  const out = [];
  for (const nodeId of nodeIds) {
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    const { outerHTML } = await cdp.send('DOM.getOuterHTML', { nodeId });
    const text = outerHTML
      .replace(/<[^>]*>/g, '')
      .trim()
      .replace(/\s+/g, ' ');
    out.push({ text, fonts });
  }
  await cdp.detach();
  return out;
}

for (const { path, script } of pages)
  for (const { delay, screen, viewport } of conditions) {
    test(`${path}, ${screen}, fonts ${delay} ms late: the first view draws every letter in a web face that has it, and nothing moves while fonts arrive`, async ({
      page,
    }) => {
      const requested: string[] = [];
      const arrived: string[] = [];
      await page.route('**/fonts/**', async (route) => {
        requested.push(new URL(route.request().url()).pathname);
        const response = await route.fetch();
        await new Promise((r) => setTimeout(r, delay));
        await route.fulfill({ response });
        arrived.push(route.request().url());
      });
      await page.setViewportSize(viewport);
      await recordLayoutShifts(page);
      await page.goto(path, { waitUntil: 'load' });

      // First view: every element whose own text is purely this script is drawn with the web face,
      // not with a system font that lacks the letters (which would show boxes).
      const marker = 'data-script-only';
      const count = await page.evaluate(
        ({ only, marker }) => {
          const re = new RegExp(only, 'u');
          let n = 0;
          for (const el of document.querySelectorAll('body *')) {
            const text = (el.textContent ?? '').trim();
            const box = el.getBoundingClientRect();
            if (el.children.length === 0 && text && re.test(text) && box.bottom > 0 && box.top < innerHeight) {
              el.setAttribute(marker, '');
              n++;
            }
          }
          return n;
        },
        { only: script.only.source, marker },
      );
      expect(count).toBeGreaterThan(2);
      const drawn = await glyphsOutside(page, `[${marker}]`, script.firstViewFaces);
      expect.soft(drawn.filter((d) => d.glyphsOutside > d.spaces)).toEqual([]);

      // Every letter of the script anywhere on the page (title included) is in the covering face:
      // drawn with that face before two different generic fallbacks, it measures the same.
      const missing = await page.evaluate(
        async ({ letters, face }) => {
          await document.fonts.load(`16px "${face}"`, 'ا');
          const found = new Set((document.title + document.body.innerText).match(new RegExp(letters, 'gu')) ?? []);
          const ctx = document.createElement('canvas').getContext('2d')!;
          const width = (ch: string, generic: string) => {
            ctx.font = `40px "${face}", ${generic}`;
            return ctx.measureText(ch).width;
          };
          return [...found].filter((ch) => width(ch, 'serif') !== width(ch, 'monospace'));
        },
        { letters: script.letters.source, face: script.coveringFace },
      );
      expect.soft(missing).toEqual([]);

      // Let every late font arrive, then nothing has moved.
      await expect.poll(() => arrived.length === requested.length).toBe(true);
      await page.waitForTimeout(500);
      const cls = await layoutShiftSum(page);
      expect.soft(cls).toBeLessThanOrEqual(0.01);
      // The first view needs none of the whole-script faces (they are there for letters the subset lacks).
      expect(requested.filter((p) => /noto-(sans-devanagari|naskh-arabic)/.test(p))).toEqual([]);
    });
  }

test('the first-view font script is named by its content and cached for a year, and only pages of its locales load it', async ({
  page,
  request,
}) => {
  const scriptsOf = async (path: string) => {
    await page.goto(path);
    return page.$$eval('head script[src^="/fonts/"]', (els) => els.map((el) => el.getAttribute('src')));
  };
  const [devanagari] = await scriptsOf('/hi');
  expect(devanagari).toMatch(/^\/fonts\/first-view\/devanagari\.[0-9a-f]{10}\.js$/);
  expect(await scriptsOf('/mr/join')).toEqual([devanagari]);
  expect(await scriptsOf('/ur/privacy')).toEqual([expect.stringMatching(/^\/fonts\/first-view\/naskh\./)]);
  expect(await scriptsOf('/')).toEqual([]);
  expect(await scriptsOf('/vi/join')).toEqual([]);
  expect(await scriptsOf('/jp')).toEqual([]);
  const response = await request.get(devanagari!);
  expect(response.status()).toBe(200);
  expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});

test("Urdu's Nastaliq is never on the first view's path: fetched after the load event and the first paint, then the next page is set in it", async ({
  page,
}) => {
  /** The web faces Chromium drew the page's heading with (names as the font files give them). */
  const headingFaces = async () =>
    (await platformFonts(page, 'h1'))[0]!.fonts.filter((f) => f.isCustomFont).map((f) => f.familyName);
  const nastaliq = '/fonts/noto-nastaliq-urdu-400.woff2';

  await page.goto('/ur', { waitUntil: 'load' });
  expect(await headingFaces()).toEqual(['Noto Naskh Arabic']);
  // Fetched once the page has loaded and the browser is idle, not while the first view is built.
  await expect
    .poll(() =>
      page.evaluate((path) => performance.getEntriesByName(new URL(path, location.href).href).length, nastaliq),
    )
    .toBe(1);
  const timing = await page.evaluate((path) => {
    const [entry] = performance.getEntriesByName(new URL(path, location.href).href);
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    const [paint] = performance.getEntriesByName('first-contentful-paint');
    return { fetchedAt: entry!.startTime, loadedAt: navigation!.loadEventEnd, paintedAt: paint!.startTime };
  }, nastaliq);
  expect(timing.fetchedAt).toBeGreaterThanOrEqual(timing.loadedAt);
  expect(timing.fetchedAt).toBeGreaterThanOrEqual(timing.paintedAt);
  // …and not swapped in under the reader.
  await page.waitForTimeout(500);
  expect(await headingFaces()).toEqual(['Noto Naskh Arabic']);

  // The next page takes it from the cache at once: its heading is drawn in Nastaliq.
  await page.goto('/ur/join', { waitUntil: 'load' });
  expect(await headingFaces()).toEqual(['Noto Nastaliq Urdu']);
});
