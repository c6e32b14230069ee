// @ts-check
// Whether a build is finished: `npm run build` is `next build` followed by the steps of
// scripts/build/after-next-build.mjs, and the last of those writes this marker into the build's
// directory, tied to the build's BUILD_ID. A build without it (a bare `next build`) serves pages
// with scripts their Content-Security-Policy does not allow, so the server refuses to start from it
// (lib/server/startup.ts). Shared by the step that writes
// the marker and the server that reads it, so the two cannot drift apart. Plain JavaScript: the
// build script loads it without a compiler.
// The marker also records the SITE_URL the build was made for (canonical URLs, the sitemap and
// hreflang are prerendered with it) and whether that makes it a production build, so that
// `npm start` knows whether it may rebuild (scripts/start.mjs).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isLoopbackHost } from '../../lib/shared/loopback.mjs';

export const BUILD_MARKER_FILE = 'after-next-build.json';

/**
 * The site a build is made for. Production here is wider than the server's rule (lib/server/env.ts):
 * besides APP_ENV=production, any https or non-localhost SITE_URL, because such a build is one meant
 * to be deployed, whatever APP_ENV said when it was made.
 * @typedef {{ url: string, production: boolean }} BuildSite
 */

/**
 * @param {string} url a SITE_URL
 * @param {string | undefined} appEnv
 * @returns {BuildSite}
 */
export function buildSite(url, appEnv) {
  const parsed = new URL(url);
  return {
    url: url.replace(/\/+$/, ''),
    production: appEnv === 'production' || parsed.protocol === 'https:' || !isLoopbackHost(parsed.hostname),
  };
}

/**
 * The site an environment asks for: SITE_URL, or this machine on PORT (as lib/server/env.ts defaults it).
 * @param {{ SITE_URL?: string, PORT?: string, APP_ENV?: string }} environment
 * @returns {BuildSite}
 */
export function requestedSite({ SITE_URL, PORT, APP_ENV }) {
  return buildSite(SITE_URL || `http://localhost:${PORT || '3000'}`, APP_ENV);
}

/**
 * The marker of the build in `distDir` as the post-build steps wrote it; null when there is none or
 * it cannot be read (a bare `next build`, no build).
 * @param {string} distDir
 * @returns {{ buildId?: unknown, site?: BuildSite } | null}
 */
export function readBuildMarker(distDir) {
  try {
    return JSON.parse(readFileSync(join(distDir, BUILD_MARKER_FILE), 'utf8'));
  } catch {
    return null;
  }
}

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
