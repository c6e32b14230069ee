#!/usr/bin/env node
// Lighthouse (mobile) on the landing page in several locales and on the pay page with a session,
// against `next start` on localhost.
//   npm run build && npm run bench:lighthouse     (downloads lighthouse via npx on first use)
// Uses Debian's Chromium (CHROME_PATH). Each page is measured BENCH_RUNS times (3); the table shows
// the run with the median performance score (its LCP, TBT and CLS), the four category scores and the
// spread of performance scores. BENCH_BREAKDOWN=1 adds where that run's main thread went
// (Lighthouse's mainthread-work-breakdown). A bare Next page is the baseline (BENCH_BARE=0 skips it).
// Ports: BENCH_PORT (3930) for the site, BENCH_BARE_PORT (3931) for the bare page.
// BENCH_COMPARE_DIST=.next-before adds, for each page, a row for another build of the site (port
// BENCH_PORT + 2), its runs interleaved with this build's (this, that, this, that…) so that a
// machine whose speed drifts during the benchmark hits both alike: build it with
// `git switch --detach <before> && NEXT_DIST_DIR=.next-before npm run build && git switch -`.
import { execFileSync } from 'node:child_process';
import { paySessionCookie } from './lib/pay-session.mjs';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH_PAYLINK_SECRET, startServer } from './lib/server.mjs';
import { startBareNext } from './lib/bare-next.mjs';
import { CHROMIUM_PATH } from '../scripts/lib/chromium.mjs';

const paths = (process.env.BENCH_PAGES ?? '/,/vi,/ur,/jp,/pay').split(',');
const runs = Number(process.env.BENCH_RUNS ?? 3);
const version = process.env.LIGHTHOUSE_VERSION ?? '12';
const port = Number(process.env.BENCH_PORT ?? 3930);
const dataDir = '.data-bench-lighthouse';
const secret = BENCH_PAYLINK_SECRET;
const serverEnv = { DATA_DIR: dataDir, PAYLINK_SECRET: secret, SITE_URL: `http://localhost:${port}` };
rmSync(dataDir, { recursive: true, force: true });
rmSync(`${dataDir}-before`, { recursive: true, force: true });
const server = await startServer({ port, env: serverEnv });
const compareDist = process.env.BENCH_COMPARE_DIST;
const before = compareDist
  ? await startServer({
      port: port + 2,
      distDir: compareDist,
      env: { ...serverEnv, DATA_DIR: `${dataDir}-before`, SITE_URL: `http://localhost:${port + 2}` },
    })
  : undefined;
const out = mkdtempSync(join(tmpdir(), 'lighthouse-'));

/** Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART): such a run is retried. */
function lighthouseOnce(base, path, report, headers, attempts = 3) {
  try {
    return lighthouseRun(base, path, report, headers);
  } catch (error) {
    if (attempts <= 1) throw error;
    console.warn(`lighthouse ${path}: run failed, retrying`);
    return lighthouseOnce(base, path, report, headers, attempts - 1);
  }
}

function lighthouseRun(base, path, report, headers) {
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
      ...(headers ? [`--extra-headers=${JSON.stringify(headers)}`] : []),
    ],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? CHROMIUM_PATH },
    },
  );
  return JSON.parse(readFileSync(report, 'utf8'));
}

/** Runs Lighthouse `runs` times on each target in turn (a, b, a, b…) and gives one row per target. */
function lighthouseInterleaved(targets) {
  const reports = targets.map(() => []);
  for (let i = 0; i < runs; i++) {
    targets.forEach(({ base, path, label = path, headers }, t) => {
      const report = join(out, `${label.replace(/\W/g, '_') || 'root'}-${i}.json`);
      reports[t].push(lighthouseOnce(base, path, report, headers));
    });
  }
  return targets.map(({ path, label = path }, t) => row(label, reports[t]));
}

/**
 * @param {string} base
 * @param {string} path
 * @param {{ label?: string, headers?: Record<string, string> }} [options]
 */
function lighthouse(base, path, { label = path, headers } = {}) {
  return lighthouseInterleaved([{ base, path, label, headers }])[0];
}

function row(label, reports) {
  const perf = (r) => r.categories.performance.score;
  const sorted = [...reports].sort((a, b) => perf(a) - perf(b));
  const { categories, audits } = sorted[Math.floor((sorted.length - 1) / 2)];
  const score = (id) => Math.round(categories[id].score * 100);
  const row = {
    page: label,
    performance: score('performance'),
    'perf runs': reports.map((r) => Math.round(perf(r) * 100)).join('/'),
    accessibility: score('accessibility'),
    'best practices': score('best-practices'),
    seo: score('seo'),
    LCP: audits['largest-contentful-paint'].displayValue,
    TBT: audits['total-blocking-time'].displayValue,
    CLS: audits['cumulative-layout-shift'].displayValue,
  };
  if (process.env.BENCH_BREAKDOWN === '1') {
    for (const item of audits['mainthread-work-breakdown'].details.items) {
      row[item.groupLabel ?? item.group] = Math.round(item.duration);
    }
  }
  return row;
}

const rows = [];
try {
  for (const path of paths) {
    const isPay = path.replace(/^\/\w\w(?=\/)/, '') === '/pay';
    const headers = isPay ? { Cookie: await paySessionCookie(server.base, serverEnv) } : undefined;
    const targets = [{ base: server.base, path, headers }];
    if (before) {
      const beforeHeaders = isPay ? { Cookie: await paySessionCookie(before.base, serverEnv) } : undefined;
      targets.push({ base: before.base, path, label: `${path} (${compareDist})`, headers: beforeHeaders });
    }
    rows.push(...lighthouseInterleaved(targets));
  }
} finally {
  server.stop();
  before?.stop();
}
// The framework's own floor on this machine: Next + React hydrating a one-<h1> page.
if (process.env.BENCH_BARE !== '0') {
  const bare = await startBareNext({ port: Number(process.env.BENCH_BARE_PORT ?? 3931) });
  try {
    rows.push(lighthouse(bare.base, '/', { label: 'bare Next page' }));
  } finally {
    bare.stop();
  }
}
console.log(`Lighthouse ${version}, mobile, median of ${runs} runs per page`);
console.table(rows);
