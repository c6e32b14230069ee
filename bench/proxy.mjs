#!/usr/bin/env node
// Requests/s of a prerendered English page (served through a next.config rewrite, no proxy) against
// the same page in a prefixed locale (served straight from the prerendered output), in one run;
// then, for reference, what still goes through proxy.ts: English at `/` and the 307 at `/`.
//   npm run build && npm run bench:proxy         (uses .next; NEXT_DIST_DIR picks another build)
// The pair is measured in alternating rounds so load from elsewhere on the machine hits both alike.
// Goal: English ≥ 0.9 × prefixed.
import autocannon from 'autocannon';
import { startServer } from './lib/server.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 3900) });

const measure = async (path, headers, duration) => {
  const r = await autocannon({ url: server.base + path, connections, duration, headers, maxRedirects: 0 });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    bad: r.errors + r.non2xx,
    non2xx: r.non2xx,
  };
};

const pair = [
  ['GET /vi/join (prefixed: no proxy, no rewrite)', '/vi/join'],
  ['GET /join (English: config rewrite, no proxy)', '/join'],
];
const reference = [
  ['GET / (proxy negotiates, serves English)', '/', { cookie: 'i18n_redirected=en' }, false],
  ['GET / → 307 /vi (proxy redirect)', '/', { 'accept-language': 'vi' }, true],
];

const rows = [];
try {
  for (const [, path] of pair) await measure(path, {}, 2); // warm-up
  const totals = pair.map(() => ({ rps: 0, p50: 0, p99: 0, bad: 0 }));
  for (let round = 0; round < rounds; round++) {
    for (const [i, [, path]] of pair.entries()) {
      const r = await measure(path, {}, seconds / rounds);
      totals[i].rps += r.rps / rounds;
      totals[i].p50 = Math.max(totals[i].p50, r.p50);
      totals[i].p99 = Math.max(totals[i].p99, r.p99);
      totals[i].bad += r.bad;
    }
  }
  pair.forEach(([name], i) =>
    rows.push({
      name,
      'req/s': Math.round(totals[i].rps),
      'p50 ms': totals[i].p50,
      'p99 ms': totals[i].p99,
      errors: totals[i].bad,
    }),
  );
  for (const [name, path, headers, redirects] of reference) {
    await measure(path, headers, 2);
    const r = await measure(path, headers, seconds);
    rows.push({
      name,
      'req/s': Math.round(r.rps),
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      errors: redirects ? r.errors : r.bad,
    });
  }
  console.table(rows);
  const [prefixed, english] = rows;
  console.log(
    `English (no proxy) / prefixed throughput ratio: ${(english['req/s'] / prefixed['req/s']).toFixed(2)} (goal ≥ 0.90; c=${connections}, ${rounds}×${(seconds / rounds).toFixed(1)} s each, RSS ${await server.rssMb()} MB)`,
  );
} finally {
  server.stop();
}
