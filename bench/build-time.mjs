#!/usr/bin/env node
// Cold `next build` wall time: a fresh dist dir, so no Turbopack cache is reused.
import { execSync } from 'node:child_process';
import { rmSync } from 'node:fs';

const distDir = '.next-bench-build';
rmSync(distDir, { recursive: true, force: true });
const started = Date.now();
execSync('npx next build', {
  stdio: 'ignore',
  env: { ...process.env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: '1' },
});
const cold = (Date.now() - started) / 1000;
const warmStarted = Date.now();
execSync('npx next build', {
  stdio: 'ignore',
  env: { ...process.env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: '1' },
});
console.log(
  `cold next build: ${cold.toFixed(1)} s; rebuild with cache: ${((Date.now() - warmStarted) / 1000).toFixed(1)} s`,
);
rmSync(distDir, { recursive: true, force: true });
