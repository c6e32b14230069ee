#!/usr/bin/env node
// `npm test`: every check the project has, in the order that fails fastest.
// lint → format → typecheck → unit (Jest, no PostgreSQL) → unit-postgres (the store suites' PostgreSQL runs, with
// TEST_DATABASE_URL) → build (+ per-page CSP hashes and the build marker) → integration (the post-build steps on
// that build's real output; nginx, PostgreSQL) → e2e.
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { ensureChromium } from './lib/chromium.mjs';

const root = new URL('..', import.meta.url).pathname;
const jestRun = ['node', '--experimental-vm-modules', 'node_modules/jest/bin/jest.js'];
/** [name, command, extra environment (undefined removes a variable), { skip: () => why or false }] */
export const steps = [
  ['lint', ['npx', 'eslint', '.']],
  ['format', ['npx', 'prettier', '--check', '.']],
  // Route types (PageProps, LayoutProps) are generated, not committed: a clean clone needs them first.
  ['typegen', ['npx', 'next', 'typegen']],
  ['typecheck', ['npx', 'tsc', '--noEmit']],
  // PGlite loads its WebAssembly with a dynamic import, which Jest allows only with VM modules.
  // The whole suite as on a fresh clone, with no PostgreSQL: the store suites on PGlite, their
  // PostgreSQL runs skipped (and said so).
  ['unit', [...jestRun, '--ci'], { TEST_DATABASE_URL: undefined }],
  // With TEST_DATABASE_URL (.ci/run starts a server): the store suites again, their PostgreSQL runs only.
  [
    'unit-postgres',
    [...jestRun, '--ci', '--findRelatedTests', 'tests/support/stores.ts'],
    { TEST_STORE_KINDS: 'postgres' },
    {
      skip: () =>
        !process.env.TEST_DATABASE_URL && 'TEST_DATABASE_URL is not set (source scripts/ci/start-postgres.sh)',
    },
  ],
  // Built for the port the e2e server listens on: canonical URLs and hreflang are prerendered.
  ['build', ['npx', 'next', 'build'], { NEXT_DIST_DIR: '.next-e2e', PORT: process.env.E2E_PORT ?? '3300' }],
  ['after-build', ['node', 'scripts/build/after-next-build.mjs'], { NEXT_DIST_DIR: '.next-e2e' }],
  // The post-build steps' checks on that build's real output (after-build.test.mjs), then
  // real processes from it: one instance's start-up, socket and logs; two instances,
  // PostgreSQL and nginx with deploy/nginx/quorum.conf (skipped without nginx or TEST_DATABASE_URL, outside CI).
  ['integration', ['node', '--test', '--test-concurrency=1', 'tests/integration/'], { NEXT_DIST_DIR: '.next-e2e' }],
  ['e2e', ['npx', 'playwright', 'test'], { NEXT_DIST_DIR: '.next-e2e' }],
];

function main() {
  const only = process.argv.slice(2);
  const started = Date.now();
  for (const [name, [cmd, ...args], extraEnv = {}, { skip } = {}] of steps) {
    if (only.length && !only.includes(name)) continue;
    const why = skip?.();
    if (why) {
      console.log(`\n○ ${name}: skipped, ${why}`);
      continue;
    }
    if (name === 'e2e') ensureChromium();
    const t0 = Date.now();
    console.log(`\n▶ ${name}: ${[cmd, ...args].join(' ')}`);
    const result = spawnSync(cmd, args, {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...extraEnv },
    });
    if (result.status !== 0) {
      console.error(`\n✖ ${name} failed (exit ${result.status ?? result.signal})`);
      process.exit(result.status || 1);
    }
    console.log(`✔ ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  }
  console.log(`\n✔ all checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
