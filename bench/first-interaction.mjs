#!/usr/bin/env node
// What the landing's deferred framework costs when the visitor first acts (scripts/build/paint-first.mjs
// starts it there): at 4× CPU slowdown (Lighthouse's mobile setting), each landing page is loaded and left
// alone for a second, then the mouse moves; the table gives the time from that first interaction until
// React has hydrated, the longest main-thread task in between (the worst delay a tap then meets) and
// the blocking time (each task past 50 ms). The baseline is a content page that starts its framework after
// the first paint by itself (BENCH_BASELINE, /join): the same figures from its first contentful paint.
//   npm run build && npm run bench:first-interaction   (BENCH_PAGES=/,/ur,/jp, BENCH_RUNS=3, BENCH_PORT=3947)
import { chromium } from '@playwright/test';
import { startServer } from './lib/server.mjs';
import { printMedians, recordLongTasks } from './lib/trace.mjs';
import { CHROMIUM_PATH } from '../scripts/lib/chromium.mjs';

const paths = (process.env.BENCH_PAGES ?? '/,/ur,/jp').split(',');
const baseline = process.env.BENCH_BASELINE ?? '/join';
const runs = Number(process.env.BENCH_RUNS ?? 3);
const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 3947) });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH });

const hydrated = () => Object.keys(document.querySelector('main') ?? {}).some((key) => key.startsWith('__react'));

async function measure(path, { interact }) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, hasTouch: false });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(recordLongTasks);
  await page.goto(server.base + path, { waitUntil: 'load' });
  let from;
  if (interact) {
    await page.waitForTimeout(1000);
    if (await page.evaluate(hydrated)) throw new Error(`${path} hydrated before any interaction`);
    from = await page.evaluate(() => performance.now());
    await page.mouse.move(100, 200);
  } else {
    from = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0].startTime);
  }
  await page.waitForFunction(hydrated, undefined, { polling: 10 });
  const to = await page.evaluate(() => performance.now());
  await page.waitForTimeout(300); // let the last long task be reported
  const tasks = (await page.evaluate(() => /** @type {any} */ (window).longTasks)).filter(
    ([start]) => start >= from && start <= to,
  );
  await context.close();
  return {
    'start → hydrated (ms)': to - from,
    'longest task (ms)': Math.max(0, ...tasks.map(([, d]) => d)),
    'blocking (ms)': tasks.reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0),
  };
}

try {
  const results = new Map();
  const targets = [
    ...paths.map((path) => ({ label: `${path} (first interaction)`, path, interact: true })),
    { label: `${baseline} (after first paint)`, path: baseline, interact: false },
  ];
  for (let i = 0; i < runs; i++) {
    for (const { label, path, interact } of targets) {
      results.set(label, [...(results.get(label) ?? []), await measure(path, { interact })]);
    }
  }
  printMedians(`From the start of the framework to hydrated, 4× CPU, median of ${runs}`, results);
} finally {
  await browser.close();
  server.stop();
}
