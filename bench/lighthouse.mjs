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
// Every page is measured with both of Lighthouse's throttling methods (BENCH_THROTTLING, a comma list:
// `simulate,devtools`): `simulate` replays an unthrottled load on a modelled phone and network (the
// score's method), `devtools` slows the real browser's network and CPU as it loads, so what waits for
// what is what happened. Each method has its own bare page and its own goals.
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
const methods = (process.env.BENCH_THROTTLING ?? 'simulate,devtools').split(',');
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
function lighthouseOnce(target, report, attempts = 3) {
  try {
    return lighthouseRun(target, report);
  } catch (error) {
    if (attempts <= 1) throw error;
    console.warn(`lighthouse ${target.path}: run failed, retrying`);
    return lighthouseOnce(target, report, attempts - 1);
  }
}

function lighthouseRun({ base, path, headers, method }, report) {
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
      `--throttling-method=${method}`,
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

/**
 * The goals a page is held to (docs/performance.md, "Lab speed goals"), per throttling method: the
 * score and TBT are the simulation's; under applied throttling the poster must paint within 1.1 s.
 */
const GOALS = {
  simulate: { score: 98, fcpOverBareMs: 250, lcpMs: 2000, blockingStylesheets: 1, payTbtMs: 150 },
  devtools: { score: 0, fcpOverBareMs: 250, lcpMs: 1100, blockingStylesheets: 1, payTbtMs: Infinity },
};

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
 * A page to measure on one server with one throttling method; `isBare` marks the bare Next page, the baseline.
 * @typedef {{ base: string, path: string, method: string, label?: string, headers?: Record<string, string>, isBare?: boolean }} Target
 */

/**
 * Runs Lighthouse `runs` rounds over the targets, one run of each target per round, in order, so that
 * every target (and the bare page among them) meets the machine's drift alike.
 * @param {Target[]} targets
 */
function measureInRounds(targets) {
  const reports = targets.map(() => []);
  for (let i = 0; i < runs; i++) {
    targets.forEach((target, t) => {
      const name = `${target.label ?? target.path} ${target.method}`.replace(/\W/g, '_');
      reports[t].push(lighthouseOnce(target, join(out, `${name}-${i}.json`)));
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
function missedGoals({ path, isBare, method }, { fcp, lcp, tbt, stylesheets, score }, bareFcp) {
  if (isBare) return '';
  const GOAL = GOALS[method];
  const missed = [];
  if (score < GOAL.score) missed.push(`score < ${GOAL.score}`);
  if (bareFcp !== undefined && fcp - bareFcp > GOAL.fcpOverBareMs) missed.push('FCP');
  if (lcp > GOAL.lcpMs) missed.push('LCP');
  if (stylesheets > GOAL.blockingStylesheets) missed.push('stylesheets');
  if (isPayPath(path) && tbt > GOAL.payTbtMs) missed.push('TBT');
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
  for (const method of methods) {
    for (const path of paths) {
      const pay = isPayPath(path);
      targets.push({
        base: server.base,
        path,
        method,
        headers: pay ? { Cookie: await paySessionCookie(server.base, serverEnv) } : undefined,
      });
      if (before) {
        const headers = pay ? { Cookie: await paySessionCookie(before.base, serverEnv) } : undefined;
        targets.push({ base: before.base, path, method, label: `${path} (${compareDist})`, headers });
      }
    }
    if (bare) targets.push({ base: bare.base, path: '/', method, label: 'bare Next page', isBare: true });
  }
  const reports = measureInRounds(targets);
  const bareFcpOf = (method) => {
    const t = targets.findIndex((target) => target.isBare && target.method === method);
    return t < 0 ? undefined : median(reports[t].map((r) => ms(r, 'first-contentful-paint')));
  };
  const rows = targets.map((target, t) => {
    const bareFcp = target.isBare ? undefined : bareFcpOf(target.method);
    const measured = row(target.label ?? target.path, reports[t], bareFcp);
    return {
      throttling: target.method,
      ...measured.row,
      goals: missedGoals(target, measured, bareFcpOf(target.method)),
    };
  });
  console.log(`Lighthouse ${version}, mobile, ${runs} rounds; the median run's scores, medians of FCP, LCP and TBT`);
  console.table(rows);
} finally {
  server.stop();
  before?.stop();
  bare?.stop();
}
