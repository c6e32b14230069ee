// Starts a build's standalone server (what `npm start` and production run) for a benchmark and stops it
// afterwards.
import { spawn } from 'node:child_process';
import { afterNextBuild } from '../../scripts/build/after-next-build.mjs';
import { standaloneServer } from '../../scripts/start.mjs';

/**
 * The PAYLINK_SECRET every benchmark starts its server with (and signs its links, sessions and
 * gateway callbacks with). Never a deployment's: benchmarks run on 127.0.0.1 only.
 */
export const BENCH_PAYLINK_SECRET = 'bench-only-paylink-secret-0123456789abcdef';

/**
 * Polls `url` until it answers 2xx; throws after two minutes.
 * @param {string} url
 */
export async function waitUntilOk(url) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not become ready`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** @param {{ port: number, distDir?: string, env?: Record<string, string> }} options */
export async function startServer({ port, distDir = process.env.NEXT_DIST_DIR || '.next', env = {} }) {
  afterNextBuild(distDir); // serve what `npm start` serves: per-page CSP rules, the finished-build marker
  const standalone = standaloneServer({ PORT: String(port), DATA_DIR: env.DATA_DIR }, distDir);
  const child = spawn(process.execPath, [standalone.script], {
    env: { ...process.env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: '1', ...env, ...standalone.env },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  // Its JSON logs are read and dropped, as a log collector would read them: unread, the pipe fills
  // after 64 KB and every later log write blocks one of libuv's four threads (the pool that
  // WebCrypto and file I/O share) for the rest of the run.
  child.stdout.resume();
  const base = `http://localhost:${port}`;
  await waitUntilOk(`${base}/api/health`);
  return {
    base,
    pid: child.pid,
    /** Resident memory of the server processes, in MB (Linux /proc). */
    async rssMb() {
      const { execSync } = await import('node:child_process');
      const out = execSync(`ps -o rss= --ppid ${child.pid} -p ${child.pid} || true`).toString();
      const pids = execSync(`pgrep -g ${child.pid} || true`).toString().trim().split(/\s+/).filter(Boolean);
      const all = pids.length ? execSync(`ps -o rss= -p ${pids.join(',')}`).toString() : out;
      return Math.round(
        all
          .split(/\s+/)
          .filter(Boolean)
          .map(Number)
          .reduce((a, b) => a + b, 0) / 1024,
      );
    },
    stop() {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    },
  };
}
