// After `next build`: the chunks the prerendered pages start with are compiled while they download,
// not function by function on the main thread when first called.
//
// Why: V8 compiles a function lazily, on its first call, on the main thread. Turbopack's chunks hold
// each module as a function that the runtime calls when the page starts, so React DOM and Next's
// client were compiled in the middle of the page's one long task. A CPU profile of `/ur` (4× CPU
// slowdown, 3 loads) put 50–60 % of that ~300 ms task in the runtime's module instantiation, which is
// where lazy compilation lands; the modules' own code was the rest.
//
// What changes: those chunks begin with V8's explicit compile hint, `//# allFunctionsCalledOnLoad`
// (Chrome 136+; other engines read a comment). V8 then compiles every function in the file eagerly,
// on a background thread while the file streams in. Only first-load chunks get it: a chunk loaded
// later, for one feature, is not compiled up front for visitors who never use that feature.
// The files keep their names: the hint is part of what this build serves, written before anything
// serves it. Idempotent; `npm run build`, `npm start`, `npm test`, the e2e servers and the benchmarks run it.
//   node scripts/build/after-next-build.mjs     (runs this with the other steps)
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { publicPages } from '../csp/hash-pages.mjs';
import { CHUNK_SCRIPT, paintFirstChunks } from './paint-first.mjs';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** The chunks a page starts with: its chunk scripts, or the ones its paint-first loader inserts. */
export function firstLoadChunks(html) {
  return [...new Set([...[...html.matchAll(CHUNK_SCRIPT)].map((m) => m[1]), ...paintFirstChunks(html)])];
}

/** Marks every first-load chunk of the build's public prerendered pages; returns how many files changed. */
export function compileHints(distDir = process.env.NEXT_DIST_DIR || '.next') {
  const chunks = new Set();
  for (const { html } of publicPages(join(distDir, 'server', 'app'))) {
    for (const src of firstLoadChunks(html)) chunks.add(src);
  }
  let changed = 0;
  for (const src of chunks) {
    const file = join(distDir, src.replace(/^\/_next\//, ''));
    const code = readFileSync(file, 'utf8');
    if (code.startsWith(COMPILE_HINT)) continue;
    writeFileSync(file, COMPILE_HINT + code);
    changed++;
  }
  return changed;
}
