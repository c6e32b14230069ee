#!/usr/bin/env node
// What every build gets after `next build`, in order: each prerendered page gets a CSP allowing
// exactly its inline scripts by hash (../csp/hash-pages.mjs); the standalone folder, the artifact
// that is deployed, gets its static files, public/ and the same hashes (./standalone.mjs); last, a
// marker tied to the build's
// BUILD_ID says the build is finished (lib/config/build-marker.mjs): the server refuses to start from
// a build without it. The marker also records the SITE_URL the build was made for, which `npm start`
// reads before it would rebuild. Each step reads Next's output and throws, naming itself, on output
// it does not know (next-output.mjs), so a Next upgrade cannot ship a half-finished site.
// Idempotent: `npm run build`, `npm start`, `npm test`, the e2e servers and the benchmarks all run
// it, so a bare `next build` is finished before it is served.
// (A step that started the pages' scripts after the first paint, and the landing's on the first
// interaction, was removed on 2026-11-25: measured, it did not earn its keep; docs/performance.md,
// "Post-build steps: the measured decision".)
//   node scripts/build/after-next-build.mjs      (NEXT_DIST_DIR picks the build, default .next)
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BUILD_MARKER_FILE, buildSite, readBuildMarker } from '../../lib/config/build-marker.mjs';
import { hashPages } from '../csp/hash-pages.mjs';
import { assertPinnedNext, readBuildId, readBuiltSiteUrl } from './next-output.mjs';
import { finishStandalone, standaloneLayout } from './standalone.mjs';

/** @param {string} [distDir] @param {{ nextVersion?: string }} [options] the installed Next's version by default */
export function afterNextBuild(distDir = process.env.NEXT_DIST_DIR || '.next', options = {}) {
  const step = 'after-next-build';
  const buildId = readBuildId(distDir, step);
  // A build made with APP_ENV=production stays one when the steps run again in another environment.
  const before = readBuildMarker(distDir);
  const wasProduction = before?.buildId === buildId && before.site?.production === true;
  // A rerun starts unfinished: if a check or step throws, the server must not start from this build.
  rmSync(join(distDir, BUILD_MARKER_FILE), { force: true });
  const copy = standaloneLayout(distDir);
  if (copy) rmSync(join(copy.build, BUILD_MARKER_FILE), { force: true });
  const next = assertPinnedNext(step, options.nextVersion);
  const site = buildSite(readBuiltSiteUrl(distDir, step), wasProduction ? 'production' : process.env.APP_ENV);
  const policies = hashPages(distDir);
  const standalone = finishStandalone(distDir, policies);
  const marker = `${JSON.stringify({ buildId, next, cspPages: Object.keys(policies).length, site }, null, 2)}\n`;
  // The standalone server checks its own copy of the build (it runs from that folder).
  if (standalone) writeFileSync(join(standalone.build, BUILD_MARKER_FILE), marker);
  writeFileSync(join(distDir, BUILD_MARKER_FILE), marker);
  return { buildId, policies, standalone, site };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { policies, standalone, site } = afterNextBuild();
  console.log(`✔ CSP: ${Object.keys(policies).length} prerendered pages get their inline-script hashes`);
  if (standalone) console.log(`✔ standalone server, with the same hashes: ${standalone.dir}`);
  console.log(`✔ built for SITE_URL=${site.url}${site.production ? ' (a production build)' : ''}`);
}
