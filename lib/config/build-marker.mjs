// @ts-check
// Whether a build is finished: `npm run build` is `next build` followed by the steps of
// scripts/build/after-next-build.mjs, and the last of those writes this marker into the build's
// directory, tied to the build's BUILD_ID. A build without it (a bare `next build`) serves pages
// with scripts their Content-Security-Policy does not allow, so the server refuses to start from it
// (lib/server/startup.ts). Shared by the step that writes
// the marker and the server that reads it, so the two cannot drift apart. Plain JavaScript: the
// build script loads it without a compiler.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const BUILD_MARKER_FILE = 'after-next-build.json';

/**
 * Why the build in `distDir` must not be served, or null when it is finished.
 * @param {string} distDir
 * @returns {string | null}
 */
export function unfinishedBuildProblem(distDir) {
  const buildIdFile = join(distDir, 'BUILD_ID');
  if (!existsSync(buildIdFile)) return `no build in ${distDir}: run \`npm run build\``;
  const buildId = readFileSync(buildIdFile, 'utf8').trim();
  const markerFile = join(distDir, BUILD_MARKER_FILE);
  if (!existsSync(markerFile)) {
    return (
      `the build in ${distDir} was made with a bare \`next build\` and misses its post-build steps ` +
      '(per-page CSP hashes): run `npm run build` ' +
      '(or `node scripts/build/after-next-build.mjs` to finish this build)'
    );
  }
  /** @type {{ buildId?: unknown }} */
  let marker;
  try {
    marker = JSON.parse(readFileSync(markerFile, 'utf8'));
  } catch {
    return `${markerFile} is not JSON: run \`npm run build\``;
  }
  if (marker.buildId !== buildId) {
    return (
      `the post-build steps in ${distDir} ran for build ${String(marker.buildId)}, not for this build (${buildId}): ` +
      'it was rebuilt with a bare `next build`; run `npm run build`'
    );
  }
  return null;
}
