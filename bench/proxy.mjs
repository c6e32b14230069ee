#!/usr/bin/env node
// Requests/s of prerendered pages with and without the proxy in their path, in one run.
//   npm run build && node bench/proxy.mjs            (uses .next; NEXT_DIST_DIR picks another build)
// /vi is served straight from the prerendered output (the matcher skips it); /jp and / go through
// proxy.ts (a rewrite to /ja and /en). Same page size and renderer, so the difference is the proxy.
import autocannon from 'autocannon';
import { startServer } from './lib/server.mjs';

const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 3900) });

const targets = [
  ['GET /vi (no proxy)', '/vi', {}],
  ['GET /jp (proxy rewrite)', '/jp', {}],
  ['GET / (proxy negotiates, English)', '/', { cookie: 'i18n_redirected=en' }],
  ['GET / → 307 /vi (proxy redirect)', '/', { 'accept-language': 'vi' }],
];

const rows = [];
try {
  for (const [name, path, headers] of targets) {
    const run = (d) => autocannon({ url: server.base + path, connections, duration: d, headers, maxRedirects: 0 });
    await run(2); // warm-up
    const r = await run(duration);
    rows.push({
      name,
      'req/s': Math.round(r.requests.average),
      'p50 ms': r.latency.p50,
      'p99 ms': r.latency.p99,
      errors: r.errors + r.non2xx - (path === '/' && headers['accept-language'] ? r.non2xx : 0),
    });
  }
  console.table(rows);
  const [direct, proxied] = rows;
  console.log(
    `proxy/no-proxy throughput ratio: ${(proxied['req/s'] / direct['req/s']).toFixed(2)} (c=${connections}, ${duration}s, RSS ${await server.rssMb()} MB)`,
  );
} finally {
  server.stop();
}
