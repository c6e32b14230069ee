#!/usr/bin/env node
// What blocks the main thread after the first paint, the part of a load Lighthouse turns into total
// blocking time: each page is loaded at 4× CPU slowdown (Lighthouse's mobile setting) with a trace, and
// every task over 50 ms after the first contentful paint is split into script, style and layout, paint,
// and the rest. A bare Next page is the baseline: what React and Next cost before any of our code.
//   npm run build && npm run bench:long-tasks     (BENCH_PAGES=/,/ur,/jp, BENCH_RUNS=3, BENCH_PORT=3945)
// Pages are loaded in turn (round-robin, fresh context each time) so machine load hits them alike; the
// table gives, per page, the median over runs (ms at 4×; "blocking" counts what each task spends past 50 ms).
import { chromium } from '@playwright/test';
import { BENCH_PAYLINK_SECRET, startServer } from './lib/server.mjs';
import { startBareNext } from './lib/bare-next.mjs';
import { printMedians, traceLoad } from './lib/trace.mjs';
import { CHROMIUM_PATH } from '../scripts/lib/chromium.mjs';

const paths = (process.env.BENCH_PAGES ?? '/,/ur,/jp').split(',');
const runs = Number(process.env.BENCH_RUNS ?? 3);
const port = Number(process.env.BENCH_PORT ?? 3945);
const kinds = {
  script: ['EvaluateScript', 'FunctionCall', 'TimerFire', 'RunMicrotasks', 'FireAnimationFrame', 'v8.evaluateModule'],
  'style & layout': ['UpdateLayoutTree', 'Layout'],
  paint: ['PrePaint', 'Paint', 'Commit'],
  'parse HTML': ['ParseHTML'],
};

async function profile(browser, url) {
  const trace = await traceLoad(browser, url, {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,blink.user_timing,loading',
    cpuSlowdown: 4,
    settleMs: 3000, // hydration, prefetches and idle work after load
  });

  // The page's own renderer: the process that reported its first contentful paint.
  const fcp = trace.find((e) => e.name === 'firstContentfulPaint');
  if (!fcp) throw new Error(`${url}: no first contentful paint in the trace`);
  const main = trace.find((e) => e.name === 'thread_name' && e.pid === fcp.pid && e.args.name === 'CrRendererMain');
  const onMain = (e) => e.pid === fcp.pid && e.tid === main.tid && e.ph === 'X';
  const tasks = trace.filter((e) => onMain(e) && e.name === 'RunTask' && e.ts >= fcp.ts && e.dur > 50_000);
  const row = { 'long tasks': tasks.length, blocking: 0, ...Object.fromEntries(Object.keys(kinds).map((k) => [k, 0])) };
  for (const task of tasks) {
    row.blocking += task.dur / 1000 - 50;
    // Top-level work inside the task only (an event inside another of the same kinds is not counted twice).
    const inside = trace.filter(
      (e) => onMain(e) && e !== task && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur,
    );
    const counted = [];
    for (const e of inside.sort((a, b) => a.ts - b.ts)) {
      const kind = Object.keys(kinds).find((k) => kinds[k].includes(e.name));
      if (!kind || counted.some((c) => e.ts >= c.ts && e.ts + e.dur <= c.ts + c.dur)) continue;
      counted.push(e);
      row[kind] += e.dur / 1000;
    }
  }
  return row;
}

const server = await startServer({
  port,
  env: { DATA_DIR: '.data-bench-long-tasks', PAYLINK_SECRET: BENCH_PAYLINK_SECRET },
});
const bare = await startBareNext({ port: port + 1 });
const targets = [...paths.map((p) => [p, server.base + p]), ['bare Next page', `${bare.base}/`]];
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox', '--disable-gpu'] });
const results = new Map(targets.map(([label]) => [label, []]));
try {
  for (let i = 0; i < runs; i++)
    for (const [label, url] of targets) results.get(label).push(await profile(browser, url));
} finally {
  await browser.close();
  server.stop();
  bare.stop();
}
printMedians(
  `main-thread tasks over 50 ms after the first contentful paint, 4× CPU slowdown, median of ${runs} runs (ms)`,
  results,
);
