#!/usr/bin/env node
// `npm start`: build when the sources are newer than the last build, then serve it with the build's
// standalone server (`node <dist>/standalone/server.js`, as production does). It never rebuilds over
// a production build made for another SITE_URL (startPlan below).
// PORT (default 3000) picks the port, HOST (default localhost) the address it listens on; every other
// setting comes from the environment (docs/configuration.md).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, statSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readBuildMarker, requestedSite } from '../lib/config/build-marker.mjs';
import { afterNextBuild } from './build/after-next-build.mjs';
import { buildPreflight } from './build/preflight.mjs';
import { enginesRange, satisfiesCaretRange } from './lib/node-runtime.mjs';

const root = new URL('..', import.meta.url).pathname;
const distDir = process.env.NEXT_DIST_DIR || '.next';
const buildId = join(root, distDir, 'BUILD_ID');
const sources = [
  'app',
  'components',
  'lib',
  'messages',
  'public',
  'proxy.ts',
  'instrumentation.ts',
  'next.config.mjs',
  'package.json',
];

/**
 * @param {string} path
 * @returns {number}
 */
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stat.mtimeMs);
}

/**
 * The server `npm start` runs: the build's standalone server, the artifact production deploys
 * (deploy/README.md), so what runs here is what runs there. This machine only unless HOST says
 * otherwise: an instance other machines can reach must not trust X-Forwarded-For (docs/serving.md).
 * A name, not 127.0.0.1: bound to a literal IP, Next loops on rewritten paths (vercel/next.js#94745);
 * `localhost` listens on the loopback addresses all the same. The server runs from its own folder,
 * so the data directory is resolved here, against the project. lib/server/env.ts validates HOST.
 * @param {{ PORT?: string, HOST?: string, DATA_DIR?: string, [name: string]: string | undefined }} environment
 */
export function standaloneServer({ PORT, HOST, DATA_DIR }, dist = distDir) {
  return {
    script: join(root, dist, 'standalone', 'server.js'),
    env: { PORT: PORT || '3000', HOSTNAME: HOST || 'localhost', DATA_DIR: resolve(root, DATA_DIR || '.data') },
  };
}

/**
 * @typedef {import('../lib/config/build-marker.mjs').BuildSite} BuildSite
 * @typedef {{ action: 'serve' } | { action: 'build', say: string } | { action: 'refuse', say: string }} StartPlan
 */

/**
 * What `npm start` does with the build in `distDir`: serve it, rebuild it, or stop. A build records the
 * SITE_URL it was made for (lib/config/build-marker.mjs). A local build (http://localhost) made for
 * another port is rebuilt: that is the everyday `PORT=3001 npm start`, and nothing but a local server
 * runs from it. A production build (APP_ENV=production, or an https or public SITE_URL) made for
 * another SITE_URL is never rebuilt: its folder is the artifact being deployed, servers may be running
 * from it, and rebuilding it for localhost would put localhost into its pages. Nor is a finished build
 * that records no SITE_URL (made before builds recorded it), since it may be such a build.
 * @param {{ complete: boolean, marker: { site?: BuildSite } | null, sourcesChanged: boolean, distDir: string }} build
 * @param {BuildSite} wanted the site this start asks for (requestedSite)
 * @returns {StartPlan}
 */
export function startPlan({ complete, marker, sourcesChanged, distDir }, wanted) {
  if (!complete) return { action: 'build', say: '▶ First start: building the site…' };
  // A bare `next build`: the server refuses it, so nothing runs from it.
  if (!marker) return { action: 'build', say: '▶ The build was not finished by `npm run build`: rebuilding…' };
  const built = marker.site;
  const otherDir = `build into another directory instead: NEXT_DIST_DIR=${distDir}-local npm start`;
  if (!built) {
    return {
      action: 'refuse',
      say:
        `✖ npm start: the build in ${distDir} does not record the SITE_URL it was made for (it predates that ` +
        `record), so it may be a production build that servers run from; npm start will not rebuild it for ` +
        `SITE_URL=${wanted.url}. Run \`npm run build\` once with the SITE_URL you want (it records it), or ${otherDir}.`,
    };
  }
  if (built.url === wanted.url) {
    return sourcesChanged
      ? { action: 'build', say: '▶ Sources changed since the last build: rebuilding…' }
      : { action: 'serve' };
  }
  if (built.production) {
    return {
      action: 'refuse',
      say:
        `✖ npm start: the build in ${distDir} is a production build for SITE_URL=${built.url}, but SITE_URL is ` +
        `${wanted.url} here. npm start does not rebuild it: servers may be running from it and its standalone ` +
        `folder, and its pages would then name ${wanted.url}. To serve that build, set SITE_URL=${built.url}; ` +
        `to try the site locally, ${otherDir}.`,
    };
  }
  return { action: 'build', say: `▶ The build was made for ${built.url}: rebuilding for ${wanted.url}…` };
}

function main() {
  // It still starts (a local try-out should not need a new Node first), but nobody should miss it.
  if (!satisfiesCaretRange(process.version, enginesRange())) {
    console.warn(
      `⚠ Node ${process.version} is not a supported line (engines.node: ${enginesRange()}): it may get no security fixes. Run the newest LTS (docs/runtime.md).`,
    );
  }
  const port = process.env.PORT || '3000';
  // Links printed at start, the VNPay return URL and the prerendered canonical URLs must point at
  // this server unless told otherwise; a local build made for another address is rebuilt.
  const env = {
    ...process.env,
    SITE_URL: process.env.SITE_URL || `http://localhost:${port}`,
    // The person at this terminal gets working demo links (the server prints none unless asked).
    DEMO_LINKS: process.env.DEMO_LINKS ?? '1',
  };

  // A build from before the standalone output counts as none.
  const complete = existsSync(buildId) && existsSync(standaloneServer(process.env).script);
  const builtAt = complete ? statSync(buildId).mtimeMs : 0;
  const changedAt = Math.max(...sources.map((s) => newestMtime(join(root, s))));
  const plan = startPlan(
    { complete, marker: readBuildMarker(join(root, distDir)), sourcesChanged: changedAt > builtAt, distDir },
    requestedSite(env),
  );
  if (plan.action === 'refuse') {
    console.error(plan.say);
    process.exit(1);
  }
  if (plan.action === 'build') {
    console.log(plan.say);
    // As `npm run build` does: without the dev dependencies, `next build` would install TypeScript itself.
    const problem = buildPreflight(root);
    if (problem) {
      console.error(problem);
      process.exit(1);
    }
    const build = spawnSync('npx', ['next', 'build'], { cwd: root, stdio: 'inherit', env });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  // Idempotent: also finishes a build made with a bare `next build`.
  afterNextBuild(join(root, distDir));

  const standalone = standaloneServer(process.env);
  const server = spawn(process.execPath, [standalone.script], {
    cwd: root,
    stdio: 'inherit',
    env: { ...env, ...standalone.env, NEXT_DIST_DIR: distDir },
  });
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(signal, () => server.kill(signal));
  server.on('exit', (code) => process.exit(code ?? 0));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
