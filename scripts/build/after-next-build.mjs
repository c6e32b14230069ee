#!/usr/bin/env node
// What every build gets after `next build`, in order: the prerendered pages start their scripts
// after the first paint (paint-first.mjs), then each page gets a CSP allowing exactly its inline
// scripts by hash (../csp/hash-pages.mjs); last, a marker tied to the build's BUILD_ID says the
// build is finished (lib/config/build-marker.mjs): the server refuses to start from a build
// without it. Each step reads Next's output and throws, naming itself, on output it does not know
// (next-output.mjs), so a Next upgrade cannot ship a half-finished site.
// Idempotent: `npm run build`, `npm start`, `npm test`, the e2e servers and the benchmarks all run
// it, so a bare `next build` is finished before it is served.
//   node scripts/build/after-next-build.mjs      (NEXT_DIST_DIR picks the build, default .next)
// For benchmarks only, afterNextBuild(dir, { paintFirst: false }) finishes a build without the
// paint-first step (CSP hashes and marker as usual): "the same build without it", to measure what the
// step earns (bench/lighthouse.mjs and bench/interactions.mjs with BENCH_COMPARE_PAINT_FIRST=0).
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BUILD_MARKER_FILE } from '../../lib/config/build-marker.mjs';
import { hashPages } from '../csp/hash-pages.mjs';
import { assertPinnedNext, readBuildId } from './next-output.mjs';
import { paintFirst, paintFirstPages } from './paint-first.mjs';

/**
 * @param {string} [distDir]
 * @param {{ nextVersion?: string, paintFirst?: boolean }} [options] nextVersion: the installed Next's
 *   by default; paintFirst: false (benchmarks only) skips paint-first, and refuses a build it already changed
 */
export function afterNextBuild(distDir = process.env.NEXT_DIST_DIR || '.next', options = {}) {
  const step = 'after-next-build';
  const buildId = readBuildId(distDir, step);
  // A rerun starts unfinished: if a check or step throws, the server must not start from this build.
  rmSync(join(distDir, BUILD_MARKER_FILE), { force: true });
  const next = assertPinnedNext(step, options.nextVersion);
  const painted = options.paintFirst === false ? withoutPaintFirst(distDir) : paintFirst(distDir);
  const policies = hashPages(distDir);
  writeFileSync(
    join(distDir, BUILD_MARKER_FILE),
    `${JSON.stringify({ buildId, next, paintFirstPages: painted.pages, cspPages: Object.keys(policies).length }, null, 2)}\n`,
  );
  return { buildId, painted, policies };
}

/** The benchmarks' "without paint-first": nothing to do, unless the step already ran on this build. */
function withoutPaintFirst(distDir) {
  const painted = paintFirstPages(distDir);
  if (painted.length > 0) {
    throw new Error(
      `after-next-build: { paintFirst: false } on ${distDir}, whose pages paint-first already changed ` +
        `(${painted[0]}): build it again with a bare \`next build\``,
    );
  }
  return { changed: 0, pages: 0 };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { painted, policies } = afterNextBuild();
  console.log(
    `✔ Paint first: ${painted.pages} prerendered pages start their scripts after the first paint (or on the first interaction, where they ask); ${painted.changed} changed now`,
  );
  console.log(`✔ CSP: ${Object.keys(policies).length} prerendered pages get their inline-script hashes`);
}
