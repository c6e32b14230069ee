#!/usr/bin/env node
// What drawing the pay form costs the main thread once the payer's part arrives, with the page's
// Intl warm-up worker (components/pay/warm-intl-script.tsx) and, as the baseline in the same run,
// with that worker's script blocked. At 4× CPU slowdown (Lighthouse's mobile setting), each pay page
// is opened with a session; the table gives the time from the /api/pay/view response to the form on
// screen, and the longest main-thread task in between (the form's first draw, which builds the
// page's first Intl formatters).
//   npm run build && npm run bench:pay-form    (BENCH_PAGES=/pay,/vi/pay,/jp/pay, BENCH_RUNS=5, BENCH_PORT=3948)
import { chromium } from '@playwright/test';
import { rmSync } from 'node:fs';
import { BENCH_PAYLINK_SECRET, startServer } from './lib/server.mjs';
import { paySessionCookie } from './lib/pay-session.mjs';
import { printMedians, recordLongTasks } from './lib/trace.mjs';
import { CHROMIUM_PATH } from '../scripts/lib/chromium.mjs';

const paths = (process.env.BENCH_PAGES ?? '/pay,/vi/pay,/jp/pay').split(',');
const runs = Number(process.env.BENCH_RUNS ?? 5);
const port = Number(process.env.BENCH_PORT ?? 3948);
const serverEnv = {
  DATA_DIR: '.data-bench-pay-form',
  PAYLINK_SECRET: BENCH_PAYLINK_SECRET,
  SITE_URL: `http://localhost:${port}`,
};
rmSync(serverEnv.DATA_DIR, { recursive: true, force: true });
const server = await startServer({ port, env: serverEnv });
const cookie = await paySessionCookie(server.base, serverEnv);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH });

async function measure(path, { warmUp }) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    extraHTTPHeaders: { Cookie: cookie },
  });
  const page = await context.newPage();
  if (!warmUp) await page.route('**/workers/warm-intl.js*', (route) => route.abort());
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(recordLongTasks);
  await page.goto(server.base + path);
  await page.locator('form').waitFor();
  const drawn = await page.evaluate(() => performance.now());
  await page.waitForTimeout(300); // let the last long task be reported
  const { arrived, tasks } = await page.evaluate(() => ({
    arrived: /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType('resource')).find((e) =>
      e.name.includes('/api/pay/view'),
    )?.responseEnd,
    tasks: /** @type {any} */ (window).longTasks,
  }));
  await context.close();
  if (arrived === undefined) throw new Error(`${path}: no /api/pay/view request`);
  // A task that started before the answer arrived but ran past it still delays the form.
  const between = tasks.filter(([start, duration]) => start + duration >= arrived && start <= drawn);
  return {
    'view answered → form drawn (ms)': drawn - arrived,
    'longest task (ms)': Math.max(0, ...between.map(([, d]) => d)),
  };
}

try {
  const results = new Map();
  for (let i = 0; i < runs; i++) {
    for (const path of paths) {
      for (const warmUp of [true, false]) {
        const label = `${path} ${warmUp ? 'with the warm-up' : 'worker blocked'}`;
        results.set(label, [...(results.get(label) ?? []), await measure(path, { warmUp })]);
      }
    }
  }
  printMedians(`Drawing the pay form, 4× CPU, median of ${runs}`, results);
} finally {
  await browser.close();
  server.stop();
}
