// The deploy artifact: Next's standalone output (`output: 'standalone'` in next.config.mjs), made whole.
// `next build` writes <dist>/standalone/ with server.js, the node_modules its server code needs (traced)
// and a copy of the build at standalone/<dist>/. It leaves out the browser's static assets and public/
// (Next expects a CDN or the deployer to copy them), and it copied the routes manifest before the CSP
// step wrote each page's hashes into it. This step copies both in and applies the CSP step to the copy,
// so the folder alone is what a server runs (`node server.js`; deploy/README.md).
import { cpSync, existsSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { hashPages } from '../csp/hash-pages.mjs';
import { BuildStepError } from './next-output.mjs';

const STEP = 'standalone';
const root = new URL('../..', import.meta.url).pathname;

/**
 * The standalone folder of a build, and the build's copy inside it; null for a build without one.
 * @param {string} distDir
 */
export function standaloneLayout(distDir) {
  const dir = join(distDir, 'standalone');
  if (!existsSync(dir)) return null;
  const inside = relative(root, resolve(distDir));
  if (inside.startsWith('..') || isAbsolute(inside)) {
    throw new BuildStepError(STEP, `${distDir} is outside the project, so its standalone copy has no known place`);
  }
  const build = join(dir, inside);
  for (const file of [join(dir, 'server.js'), join(build, 'BUILD_ID'), join(build, 'routes-manifest.json')]) {
    if (!existsSync(file)) {
      throw new BuildStepError(
        STEP,
        `${file} is missing: Next's standalone layout changed (server.js at the top, the build at ${inside}/); ` +
          'read it and update scripts/build/standalone.mjs',
      );
    }
  }
  return { dir, build };
}

/**
 * Completes `distDir`'s standalone folder, if the build has one: static assets, public/, and each
 * page's CSP, which must equal the build's own (`policies`, from the CSP step on `distDir`).
 * @param {string} distDir @param {Record<string, string>} policies
 */
export function finishStandalone(distDir, policies) {
  const layout = standaloneLayout(distDir);
  if (!layout) return null;
  cpSync(join(distDir, 'static'), join(layout.build, 'static'), { recursive: true, force: true });
  cpSync(join(root, 'public'), join(layout.dir, 'public'), { recursive: true, force: true });
  // Hashed from the copy's own HTML, so a copy that differs from the build is caught, not papered over.
  const copied = hashPages(layout.build);
  const differing = [...new Set([...Object.keys(policies), ...Object.keys(copied)])].filter(
    (path) => policies[path] !== copied[path],
  );
  if (differing.length) {
    throw new BuildStepError(
      STEP,
      `the standalone copy's pages differ from the build's (${differing.slice(0, 5).join(', ')}): rebuild`,
    );
  }
  return layout;
}
