#!/usr/bin/env node
// `npm start`: build when the sources are newer than the last build, then serve.
// PORT (default 3000) picks the port; every other setting comes from the environment (README).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, statSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

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

const builtAt = existsSync(buildId) ? statSync(buildId).mtimeMs : 0;
const changedAt = Math.max(...sources.map((s) => newestMtime(join(root, s))));
if (changedAt > builtAt) {
  console.log(builtAt ? '▶ Sources changed since the last build: rebuilding…' : '▶ First start: building the site…');
  const build = spawnSync('npx', ['next', 'build'], { cwd: root, stdio: 'inherit', env: process.env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// No -H 127.0.0.1: with a proxy rewrite Next loops on `/` (vercel/next.js#94745).
const port = process.env.PORT || '3000';
// Links printed at start (and the VNPay return URL) must point at this server unless told otherwise.
const env = { ...process.env, SITE_URL: process.env.SITE_URL || `http://localhost:${port}` };
const server = spawn('npx', ['next', 'start', '-p', port], { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
