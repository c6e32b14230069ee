#!/usr/bin/env node
// Does the first view of a Hindi, Marathi or Urdu page move while its fonts arrive? Each page is
// loaded with every /fonts/ response held back by a delay (a slow network for the font files only),
// and the table gives the page's layout shift (CLS of the load, until the late fonts are in), first
// contentful paint and the font bytes it fetched, per viewport.
//   npm run build && npm run bench:font-shift      (BENCH_PAGES, BENCH_DELAYS=0,400,2500, BENCH_PORT=3945)
import { chromium } from '@playwright/test';
import { startServer } from './lib/server.mjs';
import { CHROMIUM_PATH } from '../scripts/lib/chromium.mjs';

const paths = (process.env.BENCH_PAGES ?? '/hi,/hi/terms,/mr,/mr/join,/ur,/ur/join,/ur/privacy').split(',');
const delays = (process.env.BENCH_DELAYS ?? '0,400,2500').split(',').map(Number);
const viewports = { mobile: { width: 412, height: 823 }, desktop: { width: 1280, height: 720 } };
const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 3945) });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox', '--disable-gpu'] });

async function measure(path, delay, viewport) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  let fontBytes = 0;
  await page.route('**/fonts/**', async (route) => {
    const response = await route.fetch();
    fontBytes += (await response.body()).length;
    await new Promise((r) => setTimeout(r, delay));
    await route.fulfill({ response });
  });
  await page.addInitScript(() => {
    const w = /** @type {any} */ (window);
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        if (!(/** @type {any} */ (e).hadRecentInput)) w.__cls += /** @type {any} */ (e).value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(server.base + path, { waitUntil: 'load' });
  await page.waitForTimeout(delay + 800);
  const row = await page.evaluate(() => ({
    cls: /** @type {any} */ (window).__cls,
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
  }));
  await context.close();
  return { ...row, fontBytes };
}

const rows = [];
try {
  for (const path of paths) {
    for (const delay of delays) {
      const row = { page: path, 'font delay (ms)': delay };
      for (const [name, viewport] of Object.entries(viewports)) {
        const m = await measure(path, delay, viewport);
        row[`CLS ${name}`] = Number(m.cls.toFixed(4));
        row[`FCP ${name} (ms)`] = Math.round(m.fcp);
        row[`font bytes ${name}`] = m.fontBytes;
      }
      rows.push(row);
    }
  }
} finally {
  await browser.close();
  server.stop();
}
console.table(rows);
