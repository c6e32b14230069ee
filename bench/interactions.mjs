#!/usr/bin/env node
// The latency of a visitor's first three interactions on the landing, at 4× CPU slowdown
// (Lighthouse's mobile setting), on a phone-sized page with touch: each page is loaded, left alone for
// BENCH_FIRST_MS (1000) after `load`, then tapped three times, BENCH_GAP_MS (600) apart: the menu
// button (opens the menu), the menu button again (closes it), the language picker (opens its list).
// The taps go to fixed points (the controls' boxes, read right after `load`), as a finger would,
// not through Playwright's actionability checks, which wait for a busy main thread.
// Each interaction's latency is input → next paint, as INP counts it: for each of its events
// (pointerdown, pointerup, click) the time from the event's timestamp to the first frame after its
// handlers, the longest of them. Two measures of it per interaction:
//   - "event timing": the Event Timing API's duration (PerformanceObserver 'event', durationThreshold
//     16, grouped by interactionId; the browser rounds to 8 ms and reports nothing under 16 ms, counted
//     as 16 here, so "16" reads "16 or less");
//   - "next paint": from a capture listener, requestAnimationFrame then a message, timed from the
//     event's timestamp (what web-vitals' polyfills did before Event Timing), any duration.
// BENCH_COMPARE_DIST=.next-other adds the same pages served from another build (port BENCH_PORT + 2),
// its runs interleaved with this build's (this, that, this, that…).
//   npm run build && npm run bench:interactions    (BENCH_PAGES=/,/vi,/ur,/jp, BENCH_RUNS=5, BENCH_PORT=3950)
import { chromium } from '@playwright/test';
import { rmSync } from 'node:fs';
import { BENCH_PAYLINK_SECRET, startServer } from './lib/server.mjs';
import { CHROMIUM_PATH } from '../scripts/lib/chromium.mjs';

const paths = (process.env.BENCH_PAGES ?? '/,/vi,/ur,/jp').split(',');
const runs = Number(process.env.BENCH_RUNS ?? 5);
const port = Number(process.env.BENCH_PORT ?? 3950);
const firstMs = Number(process.env.BENCH_FIRST_MS ?? 1000);
const gapMs = Number(process.env.BENCH_GAP_MS ?? 600);
const compareDist = process.env.BENCH_COMPARE_DIST;
const dataDir = '.data-bench-interactions';

/** The taps, in order: a name and the control it lands on. */
const TAPS = [
  ['menu open', '.site-nav__toggle'],
  ['menu close', '.site-nav__toggle'],
  ['languages open', '.language-switcher > summary'],
];

/** Page init script: records each interaction's events (window.__interactions) both ways. */
function recordInteractions() {
  const w = /** @type {any} */ (window);
  w.__interactions = [];
  w.__eventTiming = [];
  const current = () => w.__interactions[w.__interactions.length - 1];
  for (const type of ['pointerdown', 'pointerup', 'click']) {
    addEventListener(
      type,
      (event) => {
        if (type === 'pointerdown') w.__interactions.push({ start: event.timeStamp, nextPaint: 0 });
        const interaction = current();
        if (!interaction) return;
        const { timeStamp } = event;
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => {
            interaction.nextPaint = Math.max(interaction.nextPaint, performance.now() - timeStamp);
          };
          channel.port2.postMessage(0);
        });
      },
      { capture: true },
    );
  }
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const { interactionId, startTime, duration, name } = /** @type {any} */ (e);
      if (interactionId) w.__eventTiming.push({ interactionId, startTime, duration, name });
    }
  }).observe(/** @type {any} */ ({ type: 'event', buffered: true, durationThreshold: 16 }));
}

const hydrated = () => Object.keys(document.querySelector('main') ?? {}).some((key) => key.startsWith('__react'));

async function measure(browser, base, path) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(recordInteractions);
  await page.goto(base + path, { waitUntil: 'load' });
  const loadedAt = Date.now();
  const points = await page.evaluate(
    (selectors) => {
      return selectors.map((selector) => {
        const box = document.querySelector(selector)?.getBoundingClientRect();
        if (!box || box.width === 0) throw new Error(`${selector}: not on screen`);
        return [box.x + box.width / 2, box.y + box.height / 2];
      });
    },
    TAPS.map(([, selector]) => selector),
  );
  const hydratedBefore = await page.evaluate(hydrated);
  await page.waitForTimeout(Math.max(0, firstMs - (Date.now() - loadedAt)));
  for (const [i, [x, y]] of points.entries()) {
    if (i > 0) await page.waitForTimeout(gapMs);
    await page.touchscreen.tap(x, y);
  }
  await page.waitForTimeout(1500); // the last frames and Event Timing's reports
  const { interactions, eventTiming, menuOpen, languagesOpen } = await page.evaluate(() => ({
    interactions: /** @type {any} */ (window).__interactions,
    eventTiming: /** @type {any} */ (window).__eventTiming,
    menuOpen: document.querySelector('.site-nav__panel')?.matches(':popover-open'),
    languagesOpen: /** @type {HTMLDetailsElement | null} */ (document.querySelector('.language-switcher'))?.open,
  }));
  await context.close();
  if (interactions.length !== TAPS.length) {
    throw new Error(`${base}${path}: ${interactions.length} interactions recorded, ${TAPS.length} taps sent`);
  }
  // After open, close, open: the menu is closed and the language list open, with or without the framework.
  if (menuOpen || !languagesOpen)
    throw new Error(`${base}${path}: the taps did not work (menu ${menuOpen}, languages ${languagesOpen})`);
  const byId = new Map();
  for (const e of eventTiming) byId.set(e.interactionId, Math.max(byId.get(e.interactionId) ?? 0, e.duration));
  const ids = [...byId.keys()].sort((a, b) => a - b);
  // Interactions with no event over 16 ms have no entry; match the reported ones to taps by start time.
  const starts = new Map();
  for (const e of eventTiming)
    starts.set(e.interactionId, Math.min(starts.get(e.interactionId) ?? Infinity, e.startTime));
  return {
    hydratedBefore,
    taps: withEventTiming(
      interactions,
      ids.map((id) => ({ start: starts.get(id), duration: byId.get(id) })),
    ),
  };
}

/**
 * Each tap's two latencies: the reported Event Timing interactions go to the tap they started in
 * (those under 16 ms are not reported: 16).
 */
function withEventTiming(interactions, reported) {
  const taps = interactions.map(({ nextPaint }) => ({ nextPaint, eventTiming: 16 }));
  for (const { start, duration } of reported) {
    const index = Math.max(
      0,
      interactions.findLastIndex((tap) => tap.start <= start + 1),
    );
    taps[index].eventTiming = Math.max(taps[index].eventTiming, duration);
  }
  return taps;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

rmSync(dataDir, { recursive: true, force: true });
rmSync(`${dataDir}-compare`, { recursive: true, force: true });
const env = { PAYLINK_SECRET: BENCH_PAYLINK_SECRET };
const server = await startServer({ port, env: { ...env, DATA_DIR: dataDir, SITE_URL: `http://localhost:${port}` } });
const compare = compareDist
  ? await startServer({
      port: port + 2,
      distDir: compareDist,
      env: { ...env, DATA_DIR: `${dataDir}-compare`, SITE_URL: `http://localhost:${port + 2}` },
    })
  : undefined;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH });
const builds = [
  { label: process.env.NEXT_DIST_DIR || '.next', base: server.base },
  ...(compare ? [{ label: compareDist, base: compare.base }] : []),
];
try {
  /** `${path} ${build}` → runs, each the three taps' latencies. */
  const results = new Map();
  for (let i = 0; i < runs; i++) {
    for (const path of paths) {
      for (const { label, base } of builds) {
        const result = await measure(browser, base, path);
        const key = `${path} (${label})`;
        results.set(key, [...(results.get(key) ?? []), result]);
      }
    }
  }
  console.log(
    `First three interactions on a ${firstMs} ms-old landing, ${gapMs} ms apart, 4× CPU: ` +
      `input → next paint in ms, median of ${runs} (event timing: 16 = 16 or less)`,
  );
  const rows = [];
  for (const [key, list] of results) {
    const row = { page: key, 'hydrated at load': `${list.filter((r) => r.hydratedBefore).length}/${list.length}` };
    const perRun = list.map((r) => r.taps);
    TAPS.forEach(([name], t) => {
      row[`${name}: event timing`] = Math.round(median(perRun.map((taps) => taps[t].eventTiming)));
      row[`${name}: next paint`] = Math.round(median(perRun.map((taps) => taps[t].nextPaint)));
      row[`${name}: runs`] = perRun.map((taps) => Math.round(taps[t].eventTiming)).join('/');
    });
    rows.push(row);
  }
  console.table(rows);
  if (process.env.BENCH_JSON) console.log(JSON.stringify(Object.fromEntries(results)));
} finally {
  await browser.close();
  server.stop();
  compare?.stop();
}
