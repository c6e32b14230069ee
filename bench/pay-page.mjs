#!/usr/bin/env node
// The pay page under load, with a real pay session at c=50, beside a prerendered page (/vi/terms)
// served by the same server in the same run, on PGlite and then on PostgreSQL (when
// BENCH_DATABASE_URL or TEST_DATABASE_URL names one). 127.0.0.1 / localhost only.
// A visit to /pay is two requests: the page (prerendered, the same for every payer) and
// GET /api/pay/view (the payer's account, form and automatic renewals, from the session); a
// visit's rate is what the two together allow: 1 / (1/pages + 1/views). The payment history
// (GET /api/pay/history) is asked only when the payer opens it; it is measured on its own.
//   npm run build && npm run bench:pay-page        (NEXT_DIST_DIR picks another build)
// Goal: visits ≥ 0.25 × the prerendered page's req/s, p99 of each ≤ 500 ms.
import { rmSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { BENCH_PAYLINK_SECRET, startServer } from './lib/server.mjs';
import { benchPaySession } from './lib/session.mjs';

const port = Number(process.env.BENCH_PORT ?? 3930);
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 50;
const secret = BENCH_PAYLINK_SECRET;
const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

/** A database of its own on the given server, so the run starts from the seed data. */
async function freshDatabase(url) {
  const name = `bench_pay_${process.pid}`;
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const scoped = new URL(url);
  scoped.pathname = `/${name}`;
  return { url: scoped.href, drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function measure(store, env) {
  const server = await startServer({ port, env: { PAYLINK_SECRET: secret, ...env } });
  try {
    const cookie = `quorum-pay=${await benchPaySession(secret)}`;
    const pay = `${server.base}/vi/pay`;
    const view = `${server.base}/api/pay/view`;
    const answer = await fetch(view, { headers: { cookie } });
    const body = await answer.json();
    // A failed session would measure the cheap "no account" answer instead of the real one.
    if (answer.status !== 200 || body.kind !== 'form')
      throw new Error(`/api/pay/view did not answer the checkout form (${answer.status} ${body.kind})`);
    const run = (url, headers = {}) => autocannon({ url, connections, duration, headers });
    // Warm every route so none pays for compilation or first-use caches inside the window.
    for (const url of [`${server.base}/vi/terms`, pay, view, `${server.base}/api/pay/history`])
      await run(url, { cookie });
    const page = await run(`${server.base}/vi/terms`);
    const payPage = await run(pay, { cookie });
    const payView = await run(view, { cookie });
    const history = await run(`${server.base}/api/pay/history`, { cookie });
    const visits = 1 / (1 / payPage.requests.average + 1 / payView.requests.average);
    const row = (name, r) => ({
      store,
      request: name,
      'req/s': Math.round(r.requests.average),
      'p50 ms': r.latency.p50,
      'p99 ms': r.latency.p99,
      non2xx: r.non2xx,
      errors: r.errors,
    });
    return {
      rows: [
        row('/vi/terms (prerendered)', page),
        row('/vi/pay (the page)', payPage),
        row('/api/pay/view (the payer)', payView),
        row('/api/pay/history (opened)', history),
      ],
      ratio: visits / page.requests.average,
      historyRatio: history.requests.average / page.requests.average,
      visits,
      p99: Math.max(payPage.latency.p99, payView.latency.p99),
    };
  } finally {
    server.stop();
    // Let it close its database connections before the PostgreSQL run drops the database.
    await new Promise((resolve) => setTimeout(resolve, 1500));
  }
}

const results = [];
rmSync('.data-bench-pay', { recursive: true, force: true });
results.push(await measure('PGlite', { DATA_DIR: '.data-bench-pay' }));
if (databaseUrl) {
  const database = await freshDatabase(databaseUrl);
  try {
    results.push(await measure('PostgreSQL', { DATABASE_URL: database.url }));
  } finally {
    await database.drop();
  }
} else {
  console.log('(no BENCH_DATABASE_URL / TEST_DATABASE_URL: PostgreSQL skipped)');
}
console.table(results.flatMap((r) => r.rows));
for (const [i, r] of results.entries())
  console.log(
    `${results[i].rows[0].store}: ${Math.round(r.visits)} pay-page visits/s = ${r.ratio.toFixed(2)} × the prerendered page (goal ≥ 0.25), worst p99 ${r.p99} ms (goal ≤ 500); an opened history ${r.historyRatio.toFixed(2)} ×`,
  );
