#!/usr/bin/env node
// A prerendered page through the shipped nginx cache (deploy/nginx/quorum.conf, X-Cache-Status: HIT)
// vs the same nginx serving the same HTML file from disk; one run, same machine, same load generator.
//   npm run build && npm run bench:nginx        (NEXT_DIST_DIR picks another build; needs nginx)
// Goal: cache ≥ 0.8 × disk.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startInstance, startNginx, missingPrerequisite } from '../tests/integration/support/cluster.mjs';

const base = Number(process.env.BENCH_PORT ?? 3920);
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const path = process.env.BENCH_PAGE ?? '/vi/terms';
const skip = missingPrerequisite({ postgres: false });
if (skip) throw new Error(skip);

const instance = await startInstance({
  port: base + 1,
  env: {
    SITE_URL: `http://localhost:${base}`,
    TRUSTED_PROXY_HOPS: '1',
    DATA_DIR: '.data-bench-nginx',
    LOG_LEVEL: 'warn',
  },
});
const html = await (await fetch(`${instance.base}${path}`)).text();
let staticDir;
const nginx = await startNginx({
  port: base,
  upstreams: [base + 1],
  extraHttp: (dir) => {
    staticDir = join(dir, 'static');
    return `server {
    listen 127.0.0.1:${base + 2};
    access_log off;
    location / { root ${staticDir}; default_type text/html; try_files $uri.html $uri =404; }
  }`;
  },
});
mkdirSync(join(staticDir, path.split('/').slice(0, -1).join('/')), { recursive: true, mode: 0o755 });
writeFileSync(join(staticDir, `${path}.html`), html, { mode: 0o644 });

const run = (url, seconds = duration) => autocannon({ url, connections, duration: seconds });
const row = (name, r) => ({
  name,
  'req/s': Math.round(r.requests.average),
  'p50 ms': r.latency.p50,
  'p99 ms': r.latency.p99,
  non2xx: r.non2xx,
  errors: r.errors,
});
try {
  const first = await fetch(`${nginx.base}${path}`);
  await first.text();
  const hit = await fetch(`${nginx.base}${path}`);
  await hit.text();
  if (hit.headers.get('x-cache-status') !== 'HIT')
    throw new Error(`expected a cache HIT, got ${hit.headers.get('x-cache-status')}`);
  const disk = `http://127.0.0.1:${base + 2}${path}`;
  if ((await (await fetch(disk)).text()) !== html) throw new Error('the file on disk differs from the page');
  await run(`${nginx.base}${path}`, 2); // warm-up, both sides
  await run(disk, 2);
  const cached = await run(`${nginx.base}${path}`);
  const fromDisk = await run(disk);
  console.log(`${path}, ${html.length} bytes, c=${connections}, ${duration} s each, nginx worker_processes 1`);
  console.table([row('nginx cache (HIT) → prerendered page', cached), row('nginx from disk, same HTML', fromDisk)]);
  console.log(
    `cache / disk throughput: ${(cached.requests.average / fromDisk.requests.average).toFixed(2)} (goal ≥ 0.8)`,
  );
} finally {
  nginx.stop();
  instance.kill();
}
