#!/usr/bin/env node
// VNPay IPN throughput through nginx (deploy/nginx/quorum.conf) to two `next start` instances
// sharing one PostgreSQL database, with a count of grants: every order gets its signed success
// IPN three times, 20 at a time, spread over both instances; exactly one must grant.
//   npm run build && npm run bench:ipn-cluster      (needs nginx and TEST_DATABASE_URL, e.g.
//   `source scripts/ci/start-postgres.sh`)
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import {
  ipnQuery,
  missingPrerequisite,
  sessionCookie,
  startInstance,
  startNginx,
} from '../tests/integration/support/cluster.mjs';

const base = Number(process.env.BENCH_PORT ?? 3930);
const orders = Number(process.env.BENCH_ORDERS ?? 600);
const connections = 20;
const skip = missingPrerequisite();
if (skip) throw new Error(skip);

const database = `quorum_bench_${randomUUID().slice(0, 8)}`;
const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${database}`);
const url = new URL(process.env.TEST_DATABASE_URL);
url.pathname = `/${database}`;
const env = {
  DATABASE_URL: url.href,
  SITE_URL: `http://localhost:${base}`,
  TRUSTED_PROXY_HOPS: '1',
  CHECKOUT_RATE_LIMITS: '999999/999999', // the most env.ts accepts: checkouts are not what is measured
  DATA_DIR: `.data-bench-${database}`,
  LOG_LEVEL: 'warn',
};
const instances = [await startInstance({ port: base + 1, env })];
instances.push(await startInstance({ port: base + 2, env }));
const nginx = await startNginx({ port: base, upstreams: [base + 1, base + 2] });
const db = new pg.Pool({ connectionString: url.href, max: 2 });

try {
  const cookie = await sessionCookie({ sub: '1001', team: '-1002001' });
  const redirects = [];
  const pending = Array.from({ length: orders }, (_, n) => n);
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (pending.pop() !== undefined) {
        const response = await fetch(`${nginx.base}/api/checkout`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            origin: env.SITE_URL,
            cookie,
            'idempotency-key': randomUUID(),
          },
          body: JSON.stringify({ plan: 'individual_pro', period: 'period0', gateway: 'vnpay', method: 'qr' }),
        });
        if (response.status !== 200) throw new Error(`checkout answered ${response.status}`);
        redirects.push((await response.json()).redirectUrl);
      }
    }),
  );

  const queue = redirects.flatMap((u, n) => [0, 1, 2].map(() => ipnQuery(u, 40_000_000 + n)));
  const latencies = [];
  const codes = {};
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (queue.length) {
        const query = queue.shift();
        const t0 = performance.now();
        const response = await fetch(`${nginx.base}/api/payments/vnpay/ipn?${query}`);
        const code = response.ok ? (await response.json()).RspCode : `HTTP ${response.status}`;
        latencies.push(performance.now() - t0);
        codes[code] = (codes[code] ?? 0) + 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))].toFixed(1);
  const spread = nginx
    .accessLog()
    .filter((l) => l.path === '/api/payments/vnpay/ipn')
    .reduce((acc, l) => ({ ...acc, [l.upstream]: (acc[l.upstream] ?? 0) + 1 }), {});
  const { rows } = await db.query("SELECT count(*)::int AS paid FROM orders WHERE status = 'paid'");
  console.log(
    `IPN through nginx to 2 instances: ${latencies.length} callbacks for ${redirects.length} orders in ${seconds.toFixed(1)} s = ${Math.round(latencies.length / seconds)}/s, p50 ${pct(50)} ms, p99 ${pct(99)} ms`,
  );
  console.log(`replies ${JSON.stringify(codes)}; per instance ${JSON.stringify(spread)}`);
  console.log(
    `grants (00 replies) ${codes['00'] ?? 0} for ${redirects.length} orders, paid orders in the database ${rows[0].paid}: double grants ${(codes['00'] ?? 0) - redirects.length}`,
  );
} finally {
  nginx.stop();
  for (const i of instances) i.kill();
  await db.end();
  await new Promise((r) => setTimeout(r, 500));
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
  await admin.end();
}
