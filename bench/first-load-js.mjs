#!/usr/bin/env node
// First-load JavaScript of pages, gzip, as a browser downloads it (every <script src> in the HTML).
//   npm run build && npm run bench:js          (NEXT_DIST_DIR picks another build)
// "shared" = the scripts every measured page loads (Next's runtime, React and the site layout);
// each page's own figure is what it adds on top.
import { gzipSync } from 'node:zlib';
import { startServer } from './lib/server.mjs';

const pages = (process.env.BENCH_PAGES ?? '/,/vi,/ur,/join,/terms').split(',');
const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 3920) });
const sizes = new Map();

async function scriptsOf(path) {
  const html = await (await fetch(server.base + path)).text();
  return [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]);
}

async function gzipSize(src) {
  if (!sizes.has(src)) {
    const body = Buffer.from(await (await fetch(new URL(src, server.base))).arrayBuffer());
    sizes.set(src, gzipSync(body, { level: 9 }).length);
  }
  return sizes.get(src);
}

try {
  const perPage = new Map();
  for (const path of pages) perPage.set(path, new Set(await scriptsOf(path)));
  const shared = [...perPage.values()].reduce((a, b) => new Set([...a].filter((s) => b.has(s))));
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  let sharedBytes = 0;
  for (const src of shared) sharedBytes += await gzipSize(src);
  const rows = [];
  for (const [path, scripts] of perPage) {
    let total = 0;
    for (const src of scripts) total += await gzipSize(src);
    rows.push({ page: path, scripts: scripts.size, 'first-load JS (gzip)': kb(total), 'beyond shared': kb(total - sharedBytes), 'ratio to shared': (total / sharedBytes).toFixed(2) });
  }
  console.table(rows);
  console.log(`shared by every page (Next runtime + React + layout): ${kb(sharedBytes)} gzip in ${shared.size} scripts`);
} finally {
  server.stop();
}
