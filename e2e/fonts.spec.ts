import { test, expect, type Page } from '@playwright/test';

/*
 * Urdu, Hindi and Marathi are readable from the first view on a machine without their system fonts
 * (this one: DejaVu has no ہ and no Devanagari), and nothing moves while the web faces arrive.
 * The first-view faces are preloaded and arrive as this server sends them; the Nastaliq face
 * (optional, for the next page) is held back until well after the first view, as on a slow network.
 */

const scripts = {
  urdu: {
    letters: /[\u0600-\u06ff]/gu,
    only: /^[\u0600-\u06ff\s\u200c-\u200f]+$/u,
    firstViewFaces: ['Noto Naskh Arabic', 'Noto Nastaliq Urdu'],
    coveringFace: 'Noto Naskh Arabic',
  },
  devanagari: {
    letters: /[\u0900-\u097f]/gu,
    only: /^[\u0900-\u097f\s\u200c\u200d]+$/u,
    firstViewFaces: ['Noto Sans Devanagari'],
    coveringFace: 'Noto Sans Devanagari',
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

const NASTALIQ_DELAY_MS = 2500;

/** Sums every layout shift of the page from its start (the CLS of the load). */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput) w.__cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/**
 * For each element, how many glyphs Chromium drew with a face outside `faces`
 * (CSS.getPlatformFontsForNode), next to how many word spaces its text has: spaces come from the
 * system font (the faces cover only their script), every other glyph must come from a web face.
 */
async function glyphsOutside(page: Page, selector: string, faces: readonly string[]) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector });
  const out: { text: string; spaces: number; outside: string[]; glyphsOutside: number }[] = [];
  for (const nodeId of nodeIds) {
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    const { outerHTML } = await cdp.send('DOM.getOuterHTML', { nodeId });
    const text = outerHTML
      .replace(/<[^>]*>/g, '')
      .trim()
      .replace(/\s+/g, ' ');
    const others = fonts.filter((f) => !faces.includes(f.familyName));
    out.push({
      text,
      spaces: text.split(' ').length - 1,
      outside: others.map((f) => f.familyName),
      glyphsOutside: others.reduce((sum, f) => sum + f.glyphCount, 0),
    });
  }
  await cdp.detach();
  return out;
}

for (const { path, script } of pages) {
  test(`${path}: the first view draws every letter in a web face that has it, and nothing moves while fonts arrive`, async ({
    page,
  }) => {
    const arrived: string[] = [];
    await page.route('**/fonts/noto-nastaliq-*.woff2', async (route) => {
      await new Promise((r) => setTimeout(r, NASTALIQ_DELAY_MS));
      await route.fulfill({ response: await route.fetch() });
      arrived.push(route.request().url());
    });
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
    expect(drawn.filter((d) => d.glyphsOutside > d.spaces)).toEqual([]);

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
    expect(missing).toEqual([]);

    // Let the late faces (Nastaliq) arrive, then nothing has moved.
    if (script === scripts.urdu) {
      await expect.poll(() => arrived.length > 0, { timeout: 10_000 }).toBe(true);
    }
    await page.waitForTimeout(500);
    const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
    expect(cls).toBeLessThanOrEqual(0.01);
  });
}
