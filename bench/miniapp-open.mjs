#!/usr/bin/env node
// From the tap in the chat to a pay form the payer can use, both ways a Telegram user gets there, on a
// throttled phone (Lighthouse's mobile profile applied: 4× CPU, 562.5 ms per request, 1.47 Mbit/s down,
// 675 kbit/s up), each run in a fresh browser (the chat app's webview starts with nothing cached):
//   - the link: the assistant's /pay link opens the link page, the payer taps its one button (here at
//     once: a person's own reaction time is left out, which flatters this path), the exchange sets the
//     session cookie and the pay page asks for the payer's part;
//   - the Mini App: Telegram opens /telegramPay with its signed launch data (here inside the local
//     harness, which plays Telegram's client; only the Mini App's own document is timed), the page
//     trades the data for a session and asks for the payer's part.
// Timed from the first document's navigation start to the moment the form is drawn with the payer's
// account and React owns the page (a tap on it would be handled). The two paths alternate in every round.
// In each language (BENCH_LANGUAGES): the phone's language is the link path's Accept-Language and the
// Telegram user's language_code, so a Vietnamese user's bare /telegramPay moves to /vi as it does in use.
//   npm run build && npm run bench:miniapp    (BENCH_RUNS=5, BENCH_LANGUAGES=en,vi, BENCH_PORT=3952)
import { chromium, devices } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { BENCH_PAYLINK_SECRET, startServer } from './lib/server.mjs';
import { printMedians } from './lib/trace.mjs';
import { CHROMIUM_PATH } from '../scripts/lib/chromium.mjs';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const languages = (process.env.BENCH_LANGUAGES ?? 'en,vi').split(',');
const port = Number(process.env.BENCH_PORT ?? 3952);
const serverEnv = {
  DATA_DIR: '.data-bench-miniapp',
  PAYLINK_SECRET: BENCH_PAYLINK_SECRET,
  SITE_URL: `http://localhost:${port}`,
};
// Lighthouse's mobile profile, applied by the browser (its "devtools" throttling method).
const network = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1474.56 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
};
const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = devices['Pixel 7'];

rmSync(serverEnv.DATA_DIR, { recursive: true, force: true });
const server = await startServer({ port, env: serverEnv });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH });

/** The moment (epoch ms, the page's clock) the pay form is usable: the account shown, React owning the page. */
const formUsable = () => {
  const main = document.querySelector('main');
  const ready =
    document.querySelector('[data-testid=account-table]') &&
    document.querySelector('form input[name=plan]') &&
    main &&
    Object.keys(main).some((key) => key.startsWith('__react'));
  return ready ? performance.timeOrigin + performance.now() : false;
};

async function phone(language) {
  const context = await browser.newContext({
    viewport,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    locale: language,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', network);
  return { context, page };
}

/** A pay link as the assistant sends it (the paylink CLI, with the server's secret), minted outside the timing. */
function payLink() {
  return execFileSync('npm', ['run', '--silent', 'paylink', '--', '--platform', 'telegram', '--user', '1001'], {
    env: { ...process.env, ...serverEnv, SITE_URL: server.base },
  })
    .toString()
    .trim()
    .split('\n')
    .at(-1);
}

async function throughTheLink(language) {
  const link = payLink();
  const { context, page } = await phone(language);
  try {
    await page.goto(link, { waitUntil: 'commit' });
    const started = await page.evaluate(() => performance.timeOrigin);
    await page.locator('form#open button[type=submit]').click();
    await page.waitForURL((url) => url.pathname.endsWith('/pay'), { waitUntil: 'commit', timeout: 120_000 });
    const usable = await (
      await page.waitForFunction(formUsable, null, { polling: 'raf', timeout: 120_000 })
    ).jsonValue();
    return { 'tap → usable pay form (ms)': Number(usable) - started };
  } finally {
    await context.close();
  }
}

async function insideTelegram(language) {
  const { context, page } = await phone(language);
  try {
    const harness = `/api/miniapp/harness?user=1001&page=pay&language=${language}`;
    await page.goto(server.base + harness, { waitUntil: 'commit' });
    const frame = await (await page.waitForSelector('#harness-app', { timeout: 120_000 })).contentFrame();
    if (!frame) throw new Error('the harness has no Mini App frame');
    const usable = await (
      await frame.waitForFunction(formUsable, null, { polling: 'raf', timeout: 120_000 })
    ).jsonValue();
    // From the request of the frame's first document, on the harness's clock (Telegram opening the
    // app), so a move to the user's language counts.
    const started = await page.evaluate(() => {
      const first = performance.getEntriesByType('resource').find((entry) => entry.name.includes('/telegramPay'));
      return first ? performance.timeOrigin + first.startTime : null;
    });
    if (started === null) throw new Error('no request of the Mini App document in the harness');
    const expected = language === 'en' ? '/telegramPay' : `/${language}/telegramPay`;
    if (new URL(frame.url()).pathname !== expected) throw new Error(`the Mini App is at ${frame.url()}`);
    return { 'tap → usable pay form (ms)': Number(usable) - started };
  } finally {
    await context.close();
  }
}

try {
  const results = new Map();
  const add = (label, row) => results.set(label, [...(results.get(label) ?? []), row]);
  for (let i = 0; i < runs; i++) {
    for (const language of languages) {
      add(`${language}: the /pay link (link page, tap, exchange, pay page)`, await throughTheLink(language));
      add(`${language}: the Mini App (/telegramPay, initData exchange)`, await insideTelegram(language));
    }
  }
  printMedians(`From the tap to a usable pay form on a throttled phone, median of ${runs}`, results);
  for (const [path, rows] of results)
    console.log(`${path}: ${rows.map((row) => Math.round(row['tap → usable pay form (ms)'])).join(', ')} ms`);
} finally {
  await browser.close();
  server.stop();
}
