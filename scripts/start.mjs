#!/usr/bin/env node
// `npm start`: build when the sources are newer than the last build, then serve it with the build's
// standalone server (`node <dist>/standalone/server.js`, as production does).
// PORT (default 3000) picks the port, HOST (default localhost) the address it listens on; every other
// setting comes from the environment (docs/configuration.md).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, statSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterNextBuild } from './build/after-next-build.mjs';
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

function main() {
  // It still starts (a local try-out should not need a new Node first), but nobody should miss it.
  if (!satisfiesCaretRange(process.version, enginesRange())) {
    console.warn(
      `⚠ Node ${process.version} is not a supported line (engines.node: ${enginesRange()}): it may get no security fixes. Run the newest LTS (docs/runtime.md).`,
    );
  }
  const port = process.env.PORT || '3000';
  // Links printed at start, the VNPay return URL and the prerendered canonical URLs must point at
  // this server unless told otherwise; a build made for another address is rebuilt.
  const env = {
    ...process.env,
    SITE_URL: process.env.SITE_URL || `http://localhost:${port}`,
    // The person at this terminal gets working demo links (the server prints none unless asked).
    DEMO_LINKS: process.env.DEMO_LINKS ?? '1',
  };
  const builtFor = join(root, distDir, 'site-url.txt');

  // A build from before the standalone output counts as none.
  const complete = existsSync(buildId) && existsSync(standaloneServer(process.env).script);
  const builtAt = complete ? statSync(buildId).mtimeMs : 0;
  const changedAt = Math.max(...sources.map((s) => newestMtime(join(root, s))));
  const sameSite = existsSync(builtFor) && readFileSync(builtFor, 'utf8') === env.SITE_URL;
  if (changedAt > builtAt || !sameSite) {
    console.log(
      !builtAt
        ? '▶ First start: building the site…'
        : changedAt > builtAt
          ? '▶ Sources changed since the last build: rebuilding…'
          : `▶ The build was made for another address: rebuilding for ${env.SITE_URL}…`,
    );
    const build = spawnSync('npx', ['next', 'build'], { cwd: root, stdio: 'inherit', env });
    if (build.status !== 0) process.exit(build.status ?? 1);
    writeFileSync(builtFor, env.SITE_URL);
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
