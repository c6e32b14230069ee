#!/usr/bin/env node
// What every build gets after `next build`, in order: the prerendered pages start their scripts
// after the first paint (paint-first.mjs), the chunks they start with are compiled as they download
// (compile-hints.mjs), then each page gets a CSP allowing exactly its inline scripts by hash
// (../csp/hash-pages.mjs). Idempotent: `npm run build`, `npm start`, `npm test`, the e2e servers
// and the benchmarks all run it, so a bare `next build` is finished before it is served.
//   node scripts/build/after-next-build.mjs      (NEXT_DIST_DIR picks the build, default .next)
import { pathToFileURL } from 'node:url';
import { hashPages } from '../csp/hash-pages.mjs';
import { compileHints } from './compile-hints.mjs';
import { paintFirst } from './paint-first.mjs';

export function afterNextBuild(distDir = process.env.NEXT_DIST_DIR || '.next') {
  const painted = paintFirst(distDir);
  const hinted = compileHints(distDir);
  const policies = hashPages(distDir);
  return { painted, hinted, policies };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { painted, hinted, policies } = afterNextBuild();
  console.log(
    `✔ Paint first: ${painted} prerendered pages start their scripts after the first paint (or on the first interaction, where they ask)`,
  );
  console.log(`✔ Compile hints: ${hinted} first-load chunks marked for eager compilation`);
  console.log(`✔ CSP: ${Object.keys(policies).length} prerendered pages get their inline-script hashes`);
}
