#!/usr/bin/env node
// `npm start`: build when the sources are newer than the last build, then serve.
// PORT (default 3000) picks the port, HOST (default localhost) the address it listens on; every other
// setting comes from the environment (docs/configuration.md).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, statSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stat.mtimeMs);
}

/**
 * `next start`'s arguments. This machine only unless HOST says otherwise: an instance other machines
 * can reach must not trust X-Forwarded-For (docs/serving.md). A name, not 127.0.0.1: bound to a
 * literal IP, Next loops on rewritten paths (vercel/next.js#94745); `localhost` listens on the
 * loopback addresses all the same. lib/server/env.ts validates HOST when the server starts.
 * @param {{ PORT?: string, HOST?: string }} environment
 */
export function nextStartArgs({ PORT, HOST }) {
  return ['start', '-H', HOST || 'localhost', '-p', PORT || '3000'];
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

  const builtAt = existsSync(buildId) ? statSync(buildId).mtimeMs : 0;
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

  const server = spawn('npx', ['next', ...nextStartArgs(process.env)], { cwd: root, stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
  server.on('exit', (code) => process.exit(code ?? 0));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
