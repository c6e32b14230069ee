#!/usr/bin/env node
// `npm test`: every check the project has, in the order that fails fastest.
// lint → format → typecheck → unit (Jest, no PostgreSQL) → unit-postgres (the store suites' PostgreSQL runs, with
// TEST_DATABASE_URL) → build (+ per-page CSP hashes and the build marker) → integration (the post-build steps on
// that build's real output; nginx, PostgreSQL) → e2e.
//
// The screen shows one line per step (its result and time); everything a step prints goes to
// <run dir>/<step>.log and the servers the tests start log under <run dir>/e2e/ and integration/
// (scripts/lib/test-logs.mjs). On a failure the step's server logs and its own output are printed
// in full. `--verbose` streams every step's output instead, as it comes.
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureChromium } from './lib/chromium.mjs';
import { chooseNode, envWithNode } from './lib/node-runtime.mjs';
import { testLogRoot } from './lib/test-logs.mjs';

const root = new URL('..', import.meta.url).pathname;
/** @type {[string, ...string[]]} */
const jestRun = ['node', '--experimental-vm-modules', 'node_modules/jest/bin/jest.js'];
/**
 * [name, command, extra environment (undefined removes a variable), { skip: () => why or false }]
 * @type {Array<[string, [string, ...string[]], Record<string, string | undefined>?, { skip?: () => string | false }?]>}
 */
export const steps = [
  // ESLint, then knip (exports, files and dependencies nothing uses): package.json's lint script.
  ['lint', ['npm', 'run', '--silent', 'lint']],
  ['format', ['npx', 'prettier', '--check', '.']],
  // Route types (PageProps, LayoutProps) are generated, not committed: a clean clone needs them first.
  ['typegen', ['npx', 'next', 'typegen']],
  // tsconfig.json, then the benchmarks' and integration tests' tsconfig.tools.json: package.json's typecheck script.
  ['typecheck', ['npm', 'run', '--silent', 'typecheck']],
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

/**
 * What a step's runner said about its tests, for the one line: "812 passed, 3 skipped".
 * @param {string} output
 */
export function summarize(output) {
  const jest = /^Tests:\s+(.+)$/m.exec(output);
  if (jest?.[1]) return jest[1].trim();
  // node --test: TAP (`# pass 3`) where Node 20 writes to a file, the spec reporter (`ℹ pass 3`) on newer lines.
  const nodeTest = ['pass', 'fail', 'skipped', 'todo', 'cancelled']
    .map(
      (word) =>
        /** @type {const} */ ([word, Number(new RegExp(`^(?:#|ℹ) ${word} (\\d+)$`, 'm').exec(output)?.[1] ?? 0)]),
    )
    .filter(([, count]) => count > 0);
  if (/^(?:#|ℹ) tests \d+$/m.test(output)) {
    /** @type {Record<string, string>} */
    const words = { pass: 'passed', fail: 'failed' };
    return nodeTest.map(([word, count]) => `${count} ${words[word] ?? word}`).join(', ') || 'no tests';
  }
  const playwright = [...output.matchAll(/^\s+(\d+) (passed|failed|flaky|skipped|did not run)\b/gm)];
  if (playwright.length) return playwright.map(([, count, word]) => `${count} ${word}`).join(', ');
  return '';
}

/**
 * Files under `dir`, deepest last, for printing.
 * @param {string} dir
 */
function filesUnder(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true })
    .map((name) => join(dir, String(name)))
    .filter((path) => statSync(path).isFile())
    .sort();
}

/**
 * Keeps the newest runs' directories only: logs are for the run that just failed, not an archive.
 * @param {string} logRoot
 * @param {number} keep
 */
function pruneOldRuns(logRoot, keep) {
  if (!existsSync(logRoot)) return;
  const runs = readdirSync(logRoot)
    .filter((name) => name.startsWith('run-'))
    .sort();
  for (const name of runs.slice(0, Math.max(0, runs.length - keep))) {
    rmSync(join(logRoot, name), { recursive: true, force: true });
  }
}

const seconds = (/** @type {number} */ ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Runs `list`'s steps in order (only those named in `only`, when it names any) and stops at the first
 * failure; returns the exit status. Each step's output goes to <run dir>/<step>.log and its servers'
 * logs to <run dir>/<step>/ (TEST_LOG_DIR); the screen gets one line per step.
 * @param {typeof steps} list
 * @param {{ only?: string[], verbose?: boolean, logRoot?: string }} [options]
 */
export function runSteps(list, { only = [], verbose = false, logRoot = testLogRoot(root) } = {}) {
  const started = Date.now();
  pruneOldRuns(logRoot, 4);
  const runDir = join(logRoot, `run-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  mkdirSync(runDir, { recursive: true });
  console.log(`Logs of this run (each step's output, the test servers'): ${runDir}`);
  for (const [name, [cmd, ...args], extraEnv = {}, { skip } = {}] of list) {
    if (only.length && !only.includes(name)) continue;
    const why = skip?.();
    if (why) {
      console.log(`○ ${name.padEnd(14)} skipped: ${why}`);
      continue;
    }
    if (name === 'e2e') ensureChromium();
    const t0 = Date.now();
    const logFile = join(runDir, `${name}.log`);
    const stepLogs = join(runDir, name);
    if (verbose) console.log(`\n▶ ${name}: ${[cmd, ...args].join(' ')}`);
    else if (process.stdout.isTTY) process.stdout.write(`… ${name}`);
    const out = verbose ? 'inherit' : openSync(logFile, 'w');
    const result = spawnSync(cmd, args, {
      cwd: root,
      stdio: ['ignore', out, out],
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', TEST_LOG_DIR: stepLogs, ...extraEnv },
    });
    if (typeof out === 'number') closeSync(out);
    const output = verbose ? '' : readFileSync(logFile, 'utf8');
    if (!verbose && process.stdout.isTTY) process.stdout.write('\r\x1b[K');
    const took = seconds(Date.now() - t0);
    if (result.status !== 0) {
      if (!verbose) {
        for (const file of filesUnder(stepLogs)) {
          console.log(`\n──── server log ${file} ────\n${readFileSync(file, 'utf8').trimEnd()}`);
        }
        console.log(`\n──── ${name}: ${[cmd, ...args].join(' ')} ────\n${output.trimEnd()}`);
      }
      console.error(`\n✖ ${name.padEnd(14)} failed (exit ${result.status ?? result.signal}) after ${took}`);
      console.error(`  its output: ${logFile}${existsSync(stepLogs) ? `\n  its servers' logs: ${stepLogs}` : ''}`);
      return result.status || 1;
    }
    const summary = summarize(output);
    console.log(`✔ ${name.padEnd(14)} ${took.padStart(8)}${summary ? `  ${summary}` : ''}`);
  }
  console.log(`✔ all checks passed in ${seconds(Date.now() - started)}; logs: ${runDir}`);
  return 0;
}

function main() {
  const argv = process.argv.slice(2);
  const verbose = argv.includes('--verbose');
  const list = argv.includes('--list');
  const only = argv.filter((arg) => arg !== '--verbose' && arg !== '--list');
  const unknown = only.filter((name) => !steps.some(([step]) => step === name));
  if (unknown.length) {
    console.error(`unknown step ${unknown.join(', ')}; the steps: ${steps.map(([name]) => name).join(', ')}`);
    process.exit(2);
  }
  // On a machine whose Node engines.node does not admit, the whole run moves to the newest LTS
  // (installed once from the npm registry): every step, and the npx and node they start, run on it.
  if (!process.env.QUORUM_TEST_NODE) {
    const { bin, why } = chooseNode();
    if (bin) {
      const child = spawnSync(join(bin, 'node'), [fileURLToPath(import.meta.url), ...argv], {
        stdio: 'inherit',
        env: { ...envWithNode(bin), QUORUM_TEST_NODE: why },
      });
      process.exit(child.status ?? 1);
    }
    process.env.QUORUM_TEST_NODE = why;
  }
  console.log(`Running on ${process.env.QUORUM_TEST_NODE}`);
  if (list) {
    console.log(steps.map(([name, command]) => `${name.padEnd(14)} ${command.join(' ')}`).join('\n'));
    process.exit(0);
  }
  process.exit(runSteps(steps, { only, verbose }));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
