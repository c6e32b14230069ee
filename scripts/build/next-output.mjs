// What the post-build steps (after-next-build.mjs) know about Next's output, and how they refuse
// output they do not know. They read and rewrite files Next writes for itself (prerendered HTML,
// routes-manifest.json), whose shape is no public API: a Next upgrade may change it without notice.
// So every step checks what it found and throws, naming the step and what it expected, instead of
// quietly doing nothing (a regex that no longer matches rewrites 0 pages and the build still "passes").
// The checks were written against the versions listed here; tests/integration/after-build.test.mjs
// runs them on the real output of the build `npm test` makes.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** The Next versions whose output these steps were checked against. Add one only after reading its output. */
export const PINNED_NEXT_VERSIONS = Object.freeze(['16.4.6']);

/** An error from one post-build step; its message starts with the step's name. */
export class BuildStepError extends Error {
  /** @param {string} step @param {string} message */
  constructor(step, message) {
    super(`${step}: ${message}`);
    this.name = 'BuildStepError';
    this.step = step;
  }
}

/** The version of the installed `next` package. */
export function installedNextVersion() {
  return createRequire(import.meta.url)('next/package.json').version;
}

/**
 * Throws unless `version` (default: the installed one) is a version the steps were checked against.
 * @param {string} step
 * @returns {string}
 */
export function assertPinnedNext(step, version = installedNextVersion()) {
  if (!PINNED_NEXT_VERSIONS.includes(version)) {
    throw new BuildStepError(
      step,
      `next ${version} is installed, but the post-build steps were checked against next ${PINNED_NEXT_VERSIONS.join(', ')} ` +
        'only. Read what the new version writes (prerendered HTML, routes-manifest.json), run ' +
        '`node --test tests/integration/after-build.test.mjs` on its build, then add it to PINNED_NEXT_VERSIONS ' +
        'in scripts/build/next-output.mjs',
    );
  }
  return version;
}

/**
 * The build's BUILD_ID (Next writes it last, so a build without one is missing or failed).
 * @param {string} distDir
 * @param {string} step
 */
export function readBuildId(distDir, step) {
  const file = join(distDir, 'BUILD_ID');
  if (!existsSync(file)) throw new BuildStepError(step, `no ${file}: run next build first (npm run build)`);
  return readFileSync(file, 'utf8').trim();
}

/**
 * The SITE_URL the build in `distDir` was made for, read from what it prerendered: robots.txt names
 * `<SITE_URL>/sitemap.xml` (app/robots.ts). Read from the output, not from the environment, so that
 * running the post-build steps again, or apart from `next build`, cannot record another address.
 * @param {string} distDir
 * @param {string} step
 */
export function readBuiltSiteUrl(distDir, step) {
  const file = join(distDir, 'server', 'app', 'robots.txt.body');
  const sitemap = existsSync(file) ? /^Sitemap: (\S+)\/sitemap\.xml$/m.exec(readFileSync(file, 'utf8')) : null;
  if (!sitemap?.[1]) {
    throw new BuildStepError(
      step,
      `expected the prerendered robots.txt (${file}) to name <SITE_URL>/sitemap.xml, the build's address`,
    );
  }
  return sitemap[1];
}
