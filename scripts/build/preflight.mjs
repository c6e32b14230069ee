#!/usr/bin/env node
// @ts-check
// Run before `next build` (`npm run build`, and `npm start` before it builds): the build needs the dev
// dependencies. `next build` type-checks the code with TypeScript and its `@types/*` packages, and
// when it finds TypeScript missing it installs it itself (`npm install --save-dev`), rewriting
// package.json and the lockfile in the checkout being built. That is what happens after
// `NODE_ENV=production npm ci`, which leaves every devDependency out. So the build stops here instead,
// before anything is written, and says what to run (docs/runtime.md#building-needs-the-dev-dependencies).
// next.config's `typescript` options cannot prevent it: `ignoreBuildErrors` skips the type check,
// not the install.
//   node scripts/build/preflight.mjs [project dir]      (exit 1 with the message when something is missing)
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const projectRoot = new URL('../..', import.meta.url).pathname;

/**
 * The devDependencies of `pkg` that `isInstalled` does not find.
 * @param {{ devDependencies?: Record<string, string> }} pkg package.json
 * @param {(name: string) => boolean} isInstalled
 * @returns {string[]}
 */
export function missingDevDependencies(pkg, isInstalled) {
  return Object.keys(pkg.devDependencies ?? {}).filter((name) => !isInstalled(name));
}

/**
 * What to tell the person building, or null when nothing is missing.
 * @param {string[]} missing
 * @param {{ NODE_ENV?: string }} environment
 * @returns {string | null}
 */
export function preflightProblem(missing, { NODE_ENV }) {
  if (missing.length === 0) return null;
  // The packages `next build` looks for by name first; its type check needs the rest too (tsconfig.json
  // takes in the tests, with their Jest and Testing Library types), so every devDependency is checked.
  const first = ['typescript', '@types/react', '@types/node'];
  const rank = (/** @type {string} */ name) => (first.includes(name) ? first.indexOf(name) : first.length);
  const shown =
    [...missing]
      .sort((a, b) => rank(a) - rank(b))
      .slice(0, 5)
      .join(', ') + (missing.length > 5 ? ` and ${missing.length - 5} more` : '');
  const why = NODE_ENV === 'production' ? ' (NODE_ENV=production makes `npm ci` leave them out)' : '';
  return (
    `✖ npm run build needs the dev dependencies, and these are not installed: ${shown}${why}. ` +
    'Without them `next build` would install TypeScript itself and rewrite package.json and the lockfile, so ' +
    'the build stops here, having changed nothing. Run `npm ci` without NODE_ENV=production (or ' +
    '`npm ci --include=dev`), then build; deploy the standalone folder, which holds only what the server needs ' +
    '(deploy/README.md#the-artifact).'
  );
}

/**
 * The problem with building in `dir`, or null.
 * @param {string} [dir]
 * @param {{ NODE_ENV?: string }} [environment]
 */
export function buildPreflight(dir = projectRoot, environment = process.env) {
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  // npm ci installs every dependency at the top of node_modules, so a missing folder is a missing package.
  const installed = (/** @type {string} */ name) => existsSync(join(dir, 'node_modules', name, 'package.json'));
  return preflightProblem(missingDevDependencies(pkg, installed), environment);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const problem = buildPreflight(process.argv[2] ? resolve(process.argv[2]) : projectRoot);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
