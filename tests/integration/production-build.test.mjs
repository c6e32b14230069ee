// README's "Running in production", step by step: a production build made with nothing but the public
// SITE_URL (no secret in the build's environment), then its standalone server (`node server.js`, what
// is deployed), which checks the secrets.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root, spawnInstance, startInstance, waitFor } from './support/cluster.mjs';

const PORT = Number(process.env.E2E_PORT ?? 3300) + 25;
const build = '.next-it-production';
const SITE = 'https://pay.example.com';
// Everything a deployer keeps out of a build machine; none may be needed to build.
const SECRETS = [
  'PAYLINK_SECRET',
  'CHAT_BACKEND_SECRET',
  'VNPAY_HASH_SECRET',
  'MOMO_SECRET_KEY',
  'MOMO_ACCESS_KEY',
  'PAYPAL_CLIENT_SECRET',
  'METRICS_TOKEN',
  'DATABASE_URL',
];

describe('a production build made without secrets', { timeout: 600_000 }, () => {
  let built;
  const dataDir = mkdtempSync(join(tmpdir(), 'quorum-it-production-'));
  const running = [];
  const start = (options) => {
    const env = { DATA_DIR: join(dataDir, String(options.port)), ...options.env };
    const instance = spawnInstance({ build, ...options, env });
    running.push(instance);
    return instance;
  };

  before(() => {
    rmSync(join(root, build), { recursive: true, force: true });
    const env = { ...process.env, NEXT_DIST_DIR: build, NEXT_TELEMETRY_DISABLED: '1', SITE_URL: SITE };
    for (const name of [...SECRETS, 'APP_ENV']) delete env[name];
    // Exactly README's step 1.
    built = spawnSync('npm', ['run', 'build'], { cwd: root, env, encoding: 'utf8' });
  });

  after(() => {
    for (const instance of running) instance.kill();
    rmSync(join(root, build), { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('builds with SITE_URL alone: `SITE_URL=https://… npm run build`', () => {
    assert.equal(built.status, 0, `${built.stdout}\n${built.stderr}`.slice(-3_000));
  });

  it('refuses to start without PAYLINK_SECRET, naming the variable', async () => {
    const server = start({ port: PORT, standalone: true, env: { PAYLINK_SECRET: '', SITE_URL: SITE } });
    assert.equal(await server.exited, 1, server.logs);
    assert.match(server.logs, /PAYLINK_SECRET is required in production/);
  });

  it('refuses to start in production on a plain-http SITE_URL, naming SITE_URL', async () => {
    const server = start({ port: PORT, env: { SITE_URL: 'http://pay.example.com' } });
    assert.equal(await server.exited, 1, server.logs);
    assert.match(server.logs, /SITE_URL must be an https URL in production/);
  });

  it('starts on a plain-http SITE_URL with ALLOW_HTTP_SITE_URL=1, and warns; warns of trusted proxies on every interface', async () => {
    const server = start({
      port: PORT + 1,
      host: null,
      standalone: true,
      env: { SITE_URL: 'http://pay.example.com', ALLOW_HTTP_SITE_URL: '1', TRUSTED_PROXY_HOPS: '1' },
    });
    await waitFor(async () => (await fetch(`${server.base}/api/ping`)).ok, 'the instance', 60_000);
    await waitFor(() => server.logs.includes('"msg":"ready"'), 'the ready line', 30_000);
    assert.match(server.logs, /WARNING: SITE_URL http:\/\/pay\.example\.com is plain http in production/);
    assert.match(server.logs, /WARNING: TRUSTED_PROXY_HOPS=1 while listening on every interface/);
    server.kill();
  });

  it('starts with its secret on localhost behind a trusted proxy without a warning, and serves the build', async () => {
    const server = await startInstance({
      port: PORT + 2,
      build,
      standalone: true,
      env: { DATA_DIR: join(dataDir, 'serving'), SITE_URL: SITE, TRUSTED_PROXY_HOPS: '1' },
    });
    running.push(server);
    await waitFor(() => server.logs.includes('"msg":"ready"'), 'the ready line', 30_000);
    assert.doesNotMatch(server.logs, /WARNING/);
    const page = await fetch(`${server.base}/vi`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /https:\/\/pay\.example\.com\/vi/);
  });
});
