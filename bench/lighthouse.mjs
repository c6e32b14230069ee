#!/usr/bin/env node
// Lighthouse (mobile) on the landing page in several locales and on the pay page with a session,
// against `next start` on localhost.
//   npm run build && npm run bench:lighthouse     (downloads lighthouse via npx on first use)
// Uses Debian's Chromium (CHROME_PATH). Each page is measured BENCH_RUNS times (5); the table shows
// the run with the median performance score (its FCP, LCP, TBT and CLS), the four category scores, the
// spread of performance scores and the render-blocking stylesheets of the first view. A bare Next page
// is the baseline: it is measured in every round, between the pages (a page, the bare page, the next
// page…), so that a machine whose speed drifts hits both alike, and each page's FCP is shown against the
// bare page's median (BENCH_BARE=0 skips it). The last column says which of the goals in
// docs/performance.md a page misses. BENCH_BREAKDOWN=1 adds where that run's main thread went
// (Lighthouse's mainthread-work-breakdown).
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
const runs = Number(process.env.BENCH_RUNS ?? 5);
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

/** The goals a page is held to (docs/performance.md, "Lab speed goals"). */
const GOALS = { score: 98, fcpOverBareMs: 250, lcpMs: 2000, blockingStylesheets: 1, payTbtMs: 150 };

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
const ms = (report, id) => report.audits[id].numericValue;

/**
 * Stylesheets the first view waits for: those requested at the browser's highest priority, which is
 * what Chromium gives a `<link rel=stylesheet>` in the head (one added later, or for print, gets less).
 */
function blockingStylesheets(report) {
  const items = report.audits['network-requests'].details.items;
  return items.filter((item) => item.resourceType === 'Stylesheet' && item.priority === 'VeryHigh').length;
}

/**
 * A page to measure on one server; `isBare` marks the bare Next page, the baseline.
 * @typedef {{ base: string, path: string, label?: string, headers?: Record<string, string>, isBare?: boolean }} Target
 */

/**
 * Runs Lighthouse `runs` rounds over the targets, one run of each target per round, in order, so that
 * every target (and the bare page among them) meets the machine's drift alike.
 * @param {Target[]} targets
 */
function measureInRounds(targets) {
  const reports = targets.map(() => []);
  for (let i = 0; i < runs; i++) {
    targets.forEach(({ base, path, label = path, headers }, t) => {
      const report = join(out, `${label.replace(/\W/g, '_') || 'root'}-${i}.json`);
      reports[t].push(lighthouseOnce(base, path, report, headers));
    });
  }
  return reports;
}

function row(label, reports, bareFcp) {
  const perf = (r) => r.categories.performance.score;
  const sorted = [...reports].sort((a, b) => perf(a) - perf(b));
  const medianRun = sorted[Math.floor((sorted.length - 1) / 2)];
  const { categories, audits } = medianRun;
  const score = (id) => Math.round(categories[id].score * 100);
  const fcp = median(reports.map((r) => ms(r, 'first-contentful-paint')));
  const lcp = median(reports.map((r) => ms(r, 'largest-contentful-paint')));
  const tbt = median(reports.map((r) => ms(r, 'total-blocking-time')));
  const stylesheets = Math.max(...reports.map(blockingStylesheets));
  const row = {
    page: label,
    performance: score('performance'),
    'perf runs': reports.map((r) => Math.round(perf(r) * 100)).join('/'),
    accessibility: score('accessibility'),
    'best practices': score('best-practices'),
    seo: score('seo'),
    'FCP ms': Math.round(fcp),
    'FCP − bare': bareFcp === undefined ? '' : Math.round(fcp - bareFcp),
    'LCP ms': Math.round(lcp),
    'TBT ms': Math.round(tbt),
    CLS: audits['cumulative-layout-shift'].displayValue,
    stylesheets,
  };
  if (process.env.BENCH_BREAKDOWN === '1') {
    for (const item of audits['mainthread-work-breakdown'].details.items) {
      row[item.groupLabel ?? item.group] = Math.round(item.duration);
    }
  }
  return { row, fcp, lcp, tbt, stylesheets, score: row.performance };
}

/**
 * @param {Target} target
 * @param {{ fcp: number, lcp: number, tbt: number, stylesheets: number, score: number }} measured
 * @param {number | undefined} bareFcp
 */
function missedGoals({ path, isBare }, { fcp, lcp, tbt, stylesheets, score }, bareFcp) {
  if (isBare) return '';
  const missed = [];
  if (score < GOALS.score) missed.push(`score < ${GOALS.score}`);
  if (bareFcp !== undefined && fcp - bareFcp > GOALS.fcpOverBareMs) missed.push('FCP');
  if (lcp > GOALS.lcpMs) missed.push('LCP');
  if (stylesheets > GOALS.blockingStylesheets) missed.push('stylesheets');
  if (isPayPath(path) && tbt > GOALS.payTbtMs) missed.push('TBT');
  return missed.length ? missed.join(', ') : 'all met';
}

function isPayPath(path) {
  return path.replace(/^\/\w\w(?=\/)/, '') === '/pay';
}

const bare =
  process.env.BENCH_BARE === '0'
    ? undefined
    : await startBareNext({ port: Number(process.env.BENCH_BARE_PORT ?? 3931) });
/** @type {Target[]} */
const targets = [];
try {
  for (const path of paths) {
    const pay = isPayPath(path);
    targets.push({
      base: server.base,
      path,
      headers: pay ? { Cookie: await paySessionCookie(server.base, serverEnv) } : undefined,
    });
    if (before) {
      const headers = pay ? { Cookie: await paySessionCookie(before.base, serverEnv) } : undefined;
      targets.push({ base: before.base, path, label: `${path} (${compareDist})`, headers });
    }
  }
  if (bare) targets.push({ base: bare.base, path: '/', label: 'bare Next page', isBare: true });
  const reports = measureInRounds(targets);
  const bareFcp = bare ? median(reports.at(-1).map((r) => ms(r, 'first-contentful-paint'))) : undefined;
  const rows = targets.map((target, t) => {
    const measured = row(target.label ?? target.path, reports[t], target.isBare ? undefined : bareFcp);
    return { ...measured.row, goals: missedGoals(target, measured, bareFcp) };
  });
  console.log(`Lighthouse ${version}, mobile, ${runs} rounds; the median run's scores, medians of FCP, LCP and TBT`);
  console.table(rows);
} finally {
  server.stop();
  before?.stop();
  bare?.stop();
}
