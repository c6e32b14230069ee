#!/usr/bin/env node
// The pay page under load (issue 13 item 3): GET /vi/pay with a real pay session at c=50, beside a
// prerendered page (/vi/terms) served by the same server in the same run, on PGlite and then on
// PostgreSQL (when BENCH_DATABASE_URL or TEST_DATABASE_URL names one). 127.0.0.1 / localhost only.
//   npm run build && npm run bench:pay-page        (NEXT_DIST_DIR picks another build)
// Goal: the pay page ≥ 0.25 × the prerendered page's req/s, p99 ≤ 500 ms.
import { rmSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { startServer } from './lib/server.mjs';
import { benchPaySession } from './lib/session.mjs';

const port = Number(process.env.BENCH_PORT ?? 3930);
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 50;
const secret = 'bench-only-paylink-secret-0123456789abcdef';
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
    const first = await fetch(pay, { headers: { cookie } });
    const html = await first.text();
    // A failed session would measure the cheap "no account" page instead of the real one.
    if (first.status !== 200 || !html.includes('name="plan"'))
      throw new Error(`/vi/pay did not render the checkout form (${first.status})`);
    const run = (url, headers = {}) => autocannon({ url, connections, duration, headers });
    // Warm both routes so neither pays for compilation or first-use caches inside the window.
    await run(`${server.base}/vi/terms`);
    await run(pay, { cookie });
    const page = await run(`${server.base}/vi/terms`);
    const payPage = await run(pay, { cookie });
    const row = (name, r) => ({
      store,
      page: name,
      'req/s': Math.round(r.requests.average),
      'p50 ms': r.latency.p50,
      'p99 ms': r.latency.p99,
      non2xx: r.non2xx,
      errors: r.errors,
    });
    return {
      rows: [row('/vi/terms (prerendered)', page), row('/vi/pay (session)', payPage)],
      ratio: payPage.requests.average / page.requests.average,
      p99: payPage.latency.p99,
    };
  } finally {
    server.stop();
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
    `${results[i].rows[0].store}: pay page ${r.ratio.toFixed(2)} × the prerendered page (goal ≥ 0.25), p99 ${r.p99} ms (goal ≤ 500)`,
  );
