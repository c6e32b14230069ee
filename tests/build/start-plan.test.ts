import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { BUILD_MARKER_FILE, buildSite, requestedSite, type BuildSite } from '@/lib/config/build-marker.mjs';
import { startPlan } from '@/scripts/start.mjs';

const root = join(__dirname, '..', '..');
const production: BuildSite = { url: 'https://pay.example.com', production: true };
const local3000: BuildSite = { url: 'http://localhost:3000', production: false };
const finished = (site?: BuildSite) => ({ complete: true, marker: { buildId: 'b', site }, distDir: '.next' });

describe('which site an environment asks `npm start` or a build for', () => {
  it('is SITE_URL without its trailing slash, or http://localhost on PORT (3000 when unset)', () => {
    expect(requestedSite({ SITE_URL: 'https://pay.example.com/' }).url).toBe('https://pay.example.com');
    expect(requestedSite({ PORT: '3001' })).toEqual({ url: 'http://localhost:3001', production: false });
    expect(requestedSite({})).toEqual(local3000);
  });

  it('counts as production APP_ENV=production, any https SITE_URL and any host other than this machine', () => {
    expect(buildSite('http://localhost:3000', 'production').production).toBe(true);
    expect(buildSite('https://localhost:3000', undefined).production).toBe(true);
    expect(buildSite('http://pay.example.com', undefined).production).toBe(true);
    expect(buildSite('http://pay.example.com', 'development').production).toBe(true);
    expect(buildSite('http://127.0.0.1:3000', 'development').production).toBe(false);
  });
});

describe('`npm start` rebuilds only what no deployed server can be running from', () => {
  it('builds when there is no build, or only a bare `next build` the server refuses', () => {
    expect(startPlan({ complete: false, marker: null, sourcesChanged: true, distDir: '.next' }, local3000)).toEqual({
      action: 'build',
      say: expect.stringMatching(/First start/),
    });
    expect(startPlan({ complete: true, marker: null, sourcesChanged: false, distDir: '.next' }, local3000)).toEqual({
      action: 'build',
      say: expect.stringMatching(/not finished by `npm run build`/),
    });
  });

  it('serves a build made for the SITE_URL asked for, and rebuilds it when the sources changed', () => {
    expect(startPlan({ ...finished(production), sourcesChanged: false }, production)).toEqual({ action: 'serve' });
    expect(startPlan({ ...finished(local3000), sourcesChanged: true }, local3000).action).toBe('build');
  });

  it('rebuilds a local build made for another port (the everyday `PORT=3001 npm start`), saying so', () => {
    const plan = startPlan({ ...finished(local3000), sourcesChanged: false }, requestedSite({ PORT: '3001' }));
    expect(plan).toEqual({
      action: 'build',
      say: '▶ The build was made for http://localhost:3000: rebuilding for http://localhost:3001…',
    });
  });

  it('refuses to rebuild a production build for another SITE_URL, naming both and the two ways out', () => {
    const plan = startPlan({ ...finished(production), sourcesChanged: true }, requestedSite({}));
    expect(plan.action).toBe('refuse');
    const say = 'say' in plan ? plan.say : '';
    expect(say).toMatch(
      /production build for SITE_URL=https:\/\/pay\.example\.com, but SITE_URL is http:\/\/localhost:3000/,
    );
    expect(say).toMatch(/set SITE_URL=https:\/\/pay\.example\.com/);
    expect(say).toMatch(/NEXT_DIST_DIR=\.next-local npm start/);
  });

  it('refuses a build made with APP_ENV=production on localhost when another port is asked for', () => {
    const appEnvProduction = buildSite('http://localhost:3000', 'production');
    expect(
      startPlan({ ...finished(appEnvProduction), sourcesChanged: false }, requestedSite({ PORT: '3001' })).action,
    ).toBe('refuse');
  });

  it('refuses a finished build that records no SITE_URL (it may be a production one) and says to run `npm run build`', () => {
    const plan = startPlan({ ...finished(undefined), sourcesChanged: false }, local3000);
    expect(plan).toEqual({
      action: 'refuse',
      say: expect.stringMatching(/does not record the SITE_URL.*`npm run build`/),
    });
  });
});

describe('`npm start` as a process, against a build directory holding only a marker', () => {
  const distDir = `.next-start-plan-${process.pid}`;
  const bin = mkdtempSync(join(tmpdir(), 'fake-npx-'));
  const ranBuild = join(bin, 'ran');
  beforeAll(() => {
    // Stands in for `npx next build`: records that a build was started, and fails so nothing is served.
    writeFileSync(join(bin, 'npx'), `#!/bin/sh\necho "$@" > "${ranBuild}"\nexit 3\n`);
    chmodSync(join(bin, 'npx'), 0o755);
  });
  afterAll(() => rmSync(join(root, distDir), { recursive: true, force: true }));

  function start(site: BuildSite, env: Record<string, string>) {
    rmSync(ranBuild, { force: true });
    const dist = join(root, distDir);
    mkdirSync(join(dist, 'standalone'), { recursive: true });
    writeFileSync(join(dist, 'BUILD_ID'), 'b');
    writeFileSync(join(dist, 'standalone', 'server.js'), '');
    writeFileSync(join(dist, BUILD_MARKER_FILE), JSON.stringify({ buildId: 'b', site }));
    const { SITE_URL: _site, APP_ENV: _appEnv, PORT: _port, ...inherited } = process.env;
    return spawnSync(process.execPath, [join(root, 'scripts', 'start.mjs')], {
      cwd: root,
      encoding: 'utf8',
      timeout: 30_000,
      env: { ...inherited, PATH: `${bin}${delimiter}${process.env.PATH}`, NEXT_DIST_DIR: distDir, ...env },
    });
  }

  it('stops with exit 1 and the message before building anything over a production build for another SITE_URL', () => {
    const run = start(production, { PORT: '3999' });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/SITE_URL=https:\/\/pay\.example\.com, but SITE_URL is http:\/\/localhost:3999/);
    expect(existsSync(ranBuild)).toBe(false);
    expect(JSON.parse(readFileSync(join(root, distDir, BUILD_MARKER_FILE), 'utf8')).site).toEqual(production);
  });

  it('starts `next build` over a local build made for another port', () => {
    const run = start(local3000, { PORT: '3999' });
    expect(run.stdout).toMatch(/rebuilding for http:\/\/localhost:3999/);
    expect(readFileSync(ranBuild, 'utf8').trim()).toBe('next build');
    expect(run.status).toBe(3);
  });
});
