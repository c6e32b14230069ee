// Processes for the integration tests: `next start` instances of the existing build, and Debian's
// nginx running deploy/nginx/quorum.conf. Everything binds to 127.0.0.1 and is killed at the end.
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { signedVnpayIpn, vnpaySandboxHashSecret } from '../../../scripts/lib/vnpay-sandbox-ipn.mjs';
import { serverLogDir } from '../../../scripts/lib/test-logs.mjs';

export const root = new URL('../../../', import.meta.url).pathname;
export const distDir = process.env.NEXT_DIST_DIR || '.next-e2e';
export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
export const SECRET = 'integration-only-paylink-secret-0123456789';
/** Every server's output, one file each, not on the screen (npm test prints them when this step fails). */
export const logDir = serverLogDir('integration');

/** Why the suite cannot run here, or null. In CI (.ci/run) every prerequisite is installed. */
export function missingPrerequisite({ postgres = true, nginx = true } = {}) {
  if (!existsSync(join(root, distDir, 'BUILD_ID'))) return `no build in ${distDir} (run next build first)`;
  if (nginx && !NGINX) return 'nginx is not installed (Debian: apt-get install nginx-light)';
  if (postgres && !process.env.TEST_DATABASE_URL)
    return 'TEST_DATABASE_URL is not set (source scripts/ci/start-postgres.sh)';
  return null;
}

export async function waitFor(check, what, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * A server of a build (the shared one unless `build` names another), without waiting for it:
 * `next start`, or with `standalone` the deploy artifact's `node server.js` (deploy/README.md), from
 * `standaloneDir` if given (a copy elsewhere) or the build's own standalone folder.
 * -H localhost (HOSTNAME for the standalone server), not 127.0.0.1: bound to a literal IP, Next
 * answers rewritten paths such as /pay with a 308 to themselves (vercel/next.js#94745).
 * deploy/README.md says the same. `host: null` gives none at all (every interface).
 */
export function spawnInstance({ port, env, host = 'localhost', build = distDir, standalone = false, standaloneDir }) {
  const args = standalone
    ? [join(standaloneDir ?? join(root, build, 'standalone'), 'server.js')]
    : ['start', ...(host === null ? [] : ['-H', host]), '-p', String(port)];
  const command = standalone ? process.execPath : join(root, 'node_modules/.bin/next');
  const child = spawn(command, args, {
    cwd: root,
    env: {
      ...process.env,
      NEXT_DIST_DIR: build,
      NEXT_TELEMETRY_DISABLED: '1',
      PAYLINK_SECRET: SECRET,
      ...(standalone ? { PORT: String(port), HOSTNAME: host ?? '' } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const instance = { port, child, logs: '', base: `http://127.0.0.1:${port}` };
  const file = createWriteStream(join(logDir, `${standalone ? 'standalone' : 'next-start'}-${port}.log`), {
    flags: 'a',
  });
  file.write(`── ${standalone ? 'node' : 'next'} ${args.join(' ')} (${build}) at ${new Date().toISOString()}\n`);
  instance.exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  child.on('close', () => file.end());
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (d) => {
      instance.logs += d;
      file.write(d);
    });
  }
  instance.kill = (signal = 'SIGKILL') => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };
  return instance;
}

/** One server of a build (spawnInstance's options), once it answers; its JSON log lines are kept in `.logs`. */
export async function startInstance(options) {
  const instance = spawnInstance(options);
  await waitFor(async () => (await fetch(`${instance.base}/api/ping`)).ok, `instance on ${options.port}`);
  return instance;
}

/**
 * nginx with the shipped configuration; only the lines marked DEPLOY are rewritten (upstreams,
 * listen port, cache and log paths), the rest is the file as shipped.
 * @param {{ port: number, upstreams: number[], extraHttp?: (dir: string) => string }} options
 */
export async function startNginx({ port, upstreams, extraHttp = () => '' }) {
  const dir = mkdtempSync(join(tmpdir(), 'quorum-nginx-'));
  for (const sub of ['cache', 'tmp', 'logs']) mkdirSync(join(dir, sub));
  // Debian's nginx started as root runs its workers as nobody: they must reach the cache.
  for (const sub of ['', 'cache', 'tmp', 'logs']) chmodSync(join(dir, sub), 0o777);
  let site = readFileSync(join(root, 'deploy/nginx/quorum.conf'), 'utf8');
  const servers = upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n');
  site = site
    .replace(
      /^ {4}server 127\.0\.0\.1:\d+ .*# DEPLOY.*\n(?: {4}server 127\.0\.0\.1:\d+ .*# DEPLOY.*\n)*/m,
      `${servers}\n`,
    )
    .replace(/^proxy_cache_path \/var\/cache\/nginx\/quorum /m, `proxy_cache_path ${dir}/cache `)
    .replace(/^ {4}listen 80;.*$/m, `    listen 127.0.0.1:${port};`)
    .replace(/^ {4}access_log \/var\/log\/nginx\/quorum\.access\.log /m, `    access_log ${dir}/logs/access.log `);
  writeFileSync(join(dir, 'quorum.conf'), site);
  writeFileSync(
    join(dir, 'nginx.conf'),
    `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${join(logDir, `nginx-${port}.error.log`)} warn;
events { worker_connections 512; }
http {
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  default_type application/octet-stream;
  include ${dir}/quorum.conf;
${extraHttp(dir)}
}
`,
  );
  const test = spawnSync(NGINX, ['-t', '-p', dir, '-c', join(dir, 'nginx.conf')], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx -t failed:\n${test.stderr}`);
  const out = openSync(join(logDir, `nginx-${port}.log`), 'a');
  const child = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  const base = `http://127.0.0.1:${port}`;
  await waitFor(async () => (await fetch(`${base}/api/ping`)).ok, 'nginx');
  return {
    base,
    dir,
    accessLog: () =>
      readFileSync(join(dir, 'logs/access.log'), 'utf8')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l)),
    stop: () => child.kill('SIGTERM'),
  };
}

/**
 * Row locks (`text`, a SELECT … FOR UPDATE) held by a connection of the test's own in a transaction left
 * open until `release()` (once; again is nothing): a process whose transaction needs those rows stops there, at a point the test
 * chose, for as long as the test likes — until it is killed, say. `waiters()` answers the
 * `application_name` of each connection waiting behind them ('' for a process that sets none).
 * @param {import('pg').Pool} db
 * @param {string} text
 * @param {unknown[]} params
 */
export async function holdRows(db, text, params) {
  const holder = await db.connect();
  await holder.query('BEGIN');
  await holder.query(text, params);
  const { pid } = (await holder.query('SELECT pg_backend_pid() AS pid')).rows[0];
  let released = false;
  return {
    waiters: async () =>
      (
        await db.query('SELECT application_name FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))', [pid])
      ).rows.map((row) => row.application_name),
    release: async () => {
      if (released) return;
      released = true;
      await holder.query('ROLLBACK');
      holder.release();
    },
  };
}

/** The session cookie a link exchange would set for `sub` (the derivation lib/server/session uses). */
/** @param {{ plt?: string, sub: string, team?: string, aud?: string }} claims */
export async function sessionCookie({ plt = 'telegram', sub, team, aud = 'pay' }) {
  const key = createHmac('sha256', Buffer.from(SECRET)).update('quorum:session').digest();
  const jwt = await new SignJWT({ plt, ...(team ? { team } : {}), jti: `it-${sub}` })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(sub)
    .setAudience(`session:${aud}`)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(key);
  return `quorum-${aud}=${jwt}`;
}

/** The signed success IPN VNPay (here: the local sandbox's terminal) sends for a checkout's redirect URL. */
export const ipnQuery = (redirectUrl, transactionNo) =>
  signedVnpayIpn(redirectUrl, transactionNo, vnpaySandboxHashSecret(SECRET));
