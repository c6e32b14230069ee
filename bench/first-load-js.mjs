#!/usr/bin/env node
// First-load JavaScript of pages, gzip, as a browser downloads it: every <script src> in the HTML.
//   npm run build && npm run bench:js          (NEXT_DIST_DIR picks another build)
// "shared" = the scripts every measured page loads (Next's runtime, React and the site layout);
// each page's own figure is what it adds on top. "bare Next" = a one-page Next app with nothing of
// ours, built from the same node_modules (skip it with BENCH_BARE=0). The first-view font scripts of
// Hindi, Marathi and Urdu (/fonts/first-view/) are font bytes in a script wrapper, so they are a column
// of their own rather than part of the JavaScript.
import { gzipSync } from 'node:zlib';
import { startServer } from './lib/server.mjs';
import { startBareNext } from './lib/bare-next.mjs';

const pages = (process.env.BENCH_PAGES ?? '/,/vi,/ur,/join,/terms,/pay').split(',');
const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 3920) });
const sizes = new Map();

const isFontScript = (src) => new URL(src).pathname.startsWith('/fonts/first-view/');

const htmlOf = async (path, base = server.base) => (await fetch(base + path)).text();

/** The scripts a page's HTML loads (`fonts`: its first-view font scripts instead), as absolute URLs. */
function scriptsIn(html, base = server.base, { fonts = false } = {}) {
  const urls = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => new URL(m[1], base).href);
  return [...new Set(urls)].filter((src) => isFontScript(src) === fonts);
}

async function gzipSize(src) {
  if (!sizes.has(src)) {
    const body = Buffer.from(await (await fetch(src)).arrayBuffer());
    sizes.set(src, gzipSync(body, { level: 9 }).length);
  }
  return sizes.get(src);
}

async function bareNextBytes() {
  const bare = await startBareNext({ port: Number(process.env.BENCH_BARE_PORT ?? 3921) });
  try {
    let total = 0;
    for (const src of scriptsIn(await htmlOf('/', bare.base), bare.base)) total += await gzipSize(src);
    return total;
  } finally {
    bare.stop();
  }
}

try {
  const htmls = new Map();
  for (const path of pages) htmls.set(path, await htmlOf(path));
  const perPage = new Map([...htmls].map(([path, html]) => [path, new Set(scriptsIn(html))]));
  const shared = [...perPage.values()].reduce((a, b) => new Set([...a].filter((s) => b.has(s))));
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  let sharedBytes = 0;
  for (const src of shared) sharedBytes += await gzipSize(src);
  const bareBytes = process.env.BENCH_BARE === '0' ? undefined : await bareNextBytes();
  const rows = [];
  for (const [path, scripts] of perPage) {
    let total = 0;
    for (const src of scripts) total += await gzipSize(src);
    let fontBytes = 0;
    for (const src of scriptsIn(htmls.get(path), server.base, { fonts: true })) fontBytes += await gzipSize(src);
    rows.push({
      page: path,
      scripts: scripts.size,
      'first-load JS (gzip)': kb(total),
      'beyond shared': kb(total - sharedBytes),
      ...(bareBytes && { 'ratio to bare Next': (total / bareBytes).toFixed(2) }),
      'first-view font script (gzip)': fontBytes ? kb(fontBytes) : '—',
    });
  }
  console.table(rows);
  console.log(
    `shared by every page (Next runtime + React + layout): ${kb(sharedBytes)} gzip in ${shared.size} scripts`,
  );
  if (bareBytes) console.log(`bare Next page (same next/react, one <h1>): ${kb(bareBytes)} gzip`);
} finally {
  server.stop();
}
