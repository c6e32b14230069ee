#!/usr/bin/env node
// Lighthouse (mobile) on the landing page in several locales, against `next start` on localhost.
//   npm run build && npm run bench:lighthouse     (downloads lighthouse via npx on first use)
// Uses Debian's Chromium (CHROME_PATH); prints the four category scores plus LCP, TBT and CLS, and
// the same for a bare Next page as the baseline (BENCH_BARE=0 skips it).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from './lib/server.mjs';
import { startBareNext } from './lib/bare-next.mjs';
import { CHROMIUM_PATH } from '../scripts/lib/chromium.mjs';

const paths = (process.env.BENCH_PAGES ?? '/,/vi,/ur,/jp').split(',');
const version = process.env.LIGHTHOUSE_VERSION ?? '12';
const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 3930) });
const out = mkdtempSync(join(tmpdir(), 'lighthouse-'));

function lighthouse(base, path, label = path) {
  const report = join(out, `${label.replace(/\W/g, '_') || 'root'}.json`);
  execFileSync(
    'npx',
    [
      '--yes',
      `lighthouse@${version}`,
      `${base}${path}`,
      '--quiet',
      '--output=json',
      `--output-path=${report}`,
      '--only-categories=performance,accessibility,best-practices,seo',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    ],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? CHROMIUM_PATH },
    },
  );
  const { categories, audits } = JSON.parse(readFileSync(report, 'utf8'));
  const score = (id) => Math.round(categories[id].score * 100);
  return {
    page: label,
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best practices': score('best-practices'),
    seo: score('seo'),
    LCP: audits['largest-contentful-paint'].displayValue,
    TBT: audits['total-blocking-time'].displayValue,
    CLS: audits['cumulative-layout-shift'].displayValue,
  };
}

const rows = [];
try {
  for (const path of paths) rows.push(lighthouse(server.base, path));
} finally {
  server.stop();
}
// The framework's own floor on this machine: Next + React hydrating a one-<h1> page.
if (process.env.BENCH_BARE !== '0') {
  const bare = await startBareNext({ port: Number(process.env.BENCH_BARE_PORT ?? 3931) });
  try {
    rows.push(lighthouse(bare.base, '/', 'bare Next page'));
  } finally {
    bare.stop();
  }
}
console.table(rows);
