#!/usr/bin/env node
// Where the renderer's main thread goes while a page loads — the profile behind the Lighthouse
// figures. Text shaping and font look-ups show up here: each system-font search for a letter the
// page's fonts lack is a FontCache::GetFontPlatformData call (an IPC to the browser on Linux).
//   npm run build && npm run bench:main-thread      (BENCH_PAGES, BENCH_RUNS=3, BENCH_PORT=3940)
// Pages are loaded in turn (round-robin, fresh context each time) so machine load hits them alike;
// the table gives, per page, the median over runs of each figure (ms, unthrottled; look-ups: count).
import { chromium } from '@playwright/test';
import { startServer } from './lib/server.mjs';
import { printMedians, traceLoad } from './lib/trace.mjs';
import { CHROMIUM_PATH } from '../scripts/lib/chromium.mjs';

const paths = (process.env.BENCH_PAGES ?? '/,/vi,/ur,/jp').split(',');
const runs = Number(process.env.BENCH_RUNS ?? 3);
const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 3940) });
const figures = {
  'all tasks': 'RunTask',
  layout: 'Layout',
  'style recalc': 'UpdateLayoutTree',
  'text shaping': 'InlineNode::ShapeTextIncludingFirstLine',
  'font look-ups (ms)': 'FontCache::GetFontPlatformData',
  script: 'EvaluateScript',
};
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox', '--disable-gpu'] });

async function profile(path) {
  const trace = await traceLoad(browser, server.base + path, {
    categories: 'blink,fonts,devtools.timeline,disabled-by-default-devtools.timeline',
    settleMs: 1500,
  });
  const mains = trace.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args.name === 'CrRendererMain');
  const onMain = (e) => mains.some((m) => m.pid === e.pid && m.tid === e.tid);
  const row = Object.fromEntries([...Object.keys(figures), 'font look-ups'].map((k) => [k, 0]));
  for (const e of trace) {
    if (e.ph !== 'X' || !onMain(e)) continue;
    for (const [label, name] of Object.entries(figures)) if (e.name === name) row[label] += (e.dur ?? 0) / 1000;
    if (e.name === figures['font look-ups (ms)']) row['font look-ups'] += 1;
  }
  return row;
}

const results = new Map(paths.map((p) => [p, []]));
try {
  for (let i = 0; i < runs; i++) for (const path of paths) results.get(path).push(await profile(path));
} finally {
  await browser.close();
  server.stop();
}
printMedians(`main thread while loading, median of ${runs} runs (ms unless noted)`, results);
