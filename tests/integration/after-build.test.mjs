// The post-build steps (scripts/build/after-next-build.mjs) on the real output of the build `npm test`
// makes with the pinned Next version, not on hand-written pages: they read and rewrite Next's own
// files, so what they expect of those files is checked against what Next wrote. A failure here after
// a Next upgrade names what in Next's output changed.
//   NEXT_DIST_DIR=.next-e2e node --test tests/integration/after-build.test.mjs   (npm test: after the build)
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { distDir as distName, missingPrerequisite, root } from './support/cluster.mjs';
import { BUILD_MARKER_FILE, unfinishedBuildProblem } from '../../lib/config/build-marker.mjs';
import { inlineScriptHashes } from '../../lib/security/csp.mjs';
import { afterNextBuild } from '../../scripts/build/after-next-build.mjs';
import { installedNextVersion, PINNED_NEXT_VERSIONS } from '../../scripts/build/next-output.mjs';
import { hashPages, isPayPage, publicPages } from '../../scripts/csp/hash-pages.mjs';

const skip = missingPrerequisite({ postgres: false, nginx: false });
if (skip && process.env.CI) throw new Error(`cannot run in CI: ${skip}`);

const dist = join(root, distName);
const appDir = join(dist, 'server', 'app');
const PORT = Number(process.env.E2E_PORT ?? 3300) + 16;
/** Any script tag naming a chunk, except the legacy polyfill (noModule), whatever Next's attribute order. */
const anyChunkScript = /<script\b(?![^>]*noModule)[^>]*\bsrc="\/_next\/static\/chunks\/[^"]+"[^>]*>/g;
const pages = () => [...publicPages(appDir)];
const fingerprint = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** A scratch build directory holding `files` ({ relative path: content }) and a BUILD_ID. */
function scratchBuild(files) {
  const dir = mkdtempSync(join(tmpdir(), 'after-build-'));
  writeFileSync(join(dir, 'BUILD_ID'), 'scratch');
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

describe(`the post-build steps on the real build in ${distName}`, { skip: skip ?? false, timeout: 120_000 }, () => {
  it('the build is finished: its marker names its BUILD_ID, the pinned Next version and the SITE_URL it was built for', () => {
    assert.equal(unfinishedBuildProblem(dist), null);
    const marker = JSON.parse(readFileSync(join(dist, BUILD_MARKER_FILE), 'utf8'));
    assert.equal(marker.buildId, readFileSync(join(dist, 'BUILD_ID'), 'utf8').trim());
    assert.ok(PINNED_NEXT_VERSIONS.includes(installedNextVersion()), `next ${installedNextVersion()} is not pinned`);
    assert.equal(marker.next, installedNextVersion());
    // npm test builds for the e2e port, with no SITE_URL: a local build, read from what it prerendered.
    const canonical = /<link rel="canonical" href="(https?:\/\/[^/"]+)/.exec(
      readFileSync(join(appDir, 'en.html'), 'utf8'),
    );
    assert.deepEqual(marker.site, { url: canonical?.[1], production: false });
  });

  it("every public page loads Next's chunks as Next wrote them, each in the build, with Next's inline flight data", () => {
    const all = pages();
    assert.ok(all.length >= 14 * 5, `landing, join, policy and pay pages in 14 locales, found ${all.length}`);
    for (const { file, html } of all) {
      const name = relative(appDir, file);
      const chunks = [...html.matchAll(anyChunkScript)].map((m) => /\bsrc="([^"]+)"/.exec(m[0])[1]);
      assert.ok(chunks.length > 2, `${name}: ${chunks.length} chunk scripts`);
      for (const chunk of chunks) {
        assert.ok(existsSync(join(dist, chunk.replace(/^\/_next\//, ''))), `${name}: ${chunk} is not in the build`);
      }
      assert.match(html, /<script>self\.__next_f\.push\(/, `${name}: Next's flight data scripts are missing`);
    }
  });

  it("every public page's CSP allows exactly its inline scripts, and Next's routes manifest carries it", () => {
    const manifest = JSON.parse(readFileSync(join(dist, 'routes-manifest.json'), 'utf8'));
    const perPage = JSON.parse(readFileSync(join(dist, 'page-csp.json'), 'utf8'));
    const rules = new Map(manifest.headers.filter((rule) => rule.quorumPageCsp).map((rule) => [rule.source, rule]));
    for (const { file, html, path } of pages()) {
      const scripts = inlineScriptHashes(html);
      assert.ok(
        scripts.length > 0,
        `${relative(appDir, file)}: no inline script found (Next writes its flight data inline)`,
      );
      const policy = perPage[path];
      for (const hash of scripts) assert.ok(policy.includes(hash), `${path}: ${hash} not in its policy`);
      assert.equal(
        policy.match(/'sha256-/g).length,
        scripts.length,
        `${path}: its policy allows scripts it does not have`,
      );
      assert.deepEqual(rules.get(path)?.headers, [{ key: 'Content-Security-Policy', value: policy }], path);
      assert.ok(new RegExp(rules.get(path).regex).test(path), `${path}: its manifest rule does not match it`);
    }
  });

  it("never allows unsafe-inline, and names PayPal's hosts on the pay pages only, for scripts and frames", () => {
    const perPage = JSON.parse(readFileSync(join(dist, 'page-csp.json'), 'utf8'));
    const scriptSrc = (policy) => policy.split('; ').find((d) => d.startsWith('script-src')) ?? '';
    for (const [path, policy] of Object.entries(perPage)) {
      assert.doesNotMatch(scriptSrc(policy), /unsafe/, path);
      if (isPayPage(path)) {
        assert.match(scriptSrc(policy), /'sha256-[^']+' https:\/\/www\.paypal\.com/, path);
        assert.match(policy, /frame-src https:\/\/www\.paypal\.com/, path);
      } else {
        assert.doesNotMatch(policy, /paypal/, path);
      }
    }
    // A page's policy is its own: no other page's inline script.
    assert.notEqual(perPage['/vi/join'], perPage['/vi/pay']);
  });

  it('running the steps again changes no file, and the manifest keeps one rule per page', () => {
    const files = [
      ...pages().map(({ file }) => file),
      join(dist, 'routes-manifest.json'),
      join(dist, 'page-csp.json'),
      join(dist, BUILD_MARKER_FILE),
    ];
    const before = files.map(fingerprint);
    const { policies } = afterNextBuild(dist);
    assert.deepEqual(files.map(fingerprint), before);
    const manifest = JSON.parse(readFileSync(join(dist, 'routes-manifest.json'), 'utf8'));
    assert.equal(manifest.headers.filter((rule) => rule.quorumPageCsp).length, Object.keys(policies).length);
  });
});

describe(
  'each step refuses Next output it does not know, naming itself and what it expected',
  { skip: skip ?? false },
  () => {
    // A page as Next writes it (the CSP step adds no markup): the pay page, served at /.
    const raw = () => {
      const pay = pages().find(({ path }) => path === '/pay');
      assert.ok(pay, 'no /pay page in the build');
      return pay.html.replace(/(<link rel="canonical" href="[^"]*?)\/pay"/, '$1/"');
    };
    const manifest = () => readFileSync(join(dist, 'routes-manifest.json'), 'utf8');
    const robots = () => readFileSync(join(appDir, 'robots.txt.body'), 'utf8');

    it('on the real page, the steps run clean in a scratch build (the baseline for the cases below)', () => {
      const dir = scratchBuild({
        'server/app/en.html': raw(),
        'routes-manifest.json': manifest(),
        'server/app/robots.txt.body': robots(),
      });
      assert.deepEqual(Object.keys(afterNextBuild(dir).policies), ['/']);
      assert.equal(unfinishedBuildProblem(dir), null);
    });

    it('after-next-build: a build whose prerendered robots.txt names no SITE_URL (the marker could not say what it was built for)', () => {
      const dir = scratchBuild({ 'server/app/en.html': raw(), 'routes-manifest.json': manifest() });
      assert.throws(
        () => afterNextBuild(dir),
        /^BuildStepError: after-next-build: expected the prerendered robots\.txt/,
      );
      assert.match(unfinishedBuildProblem(dir), /bare `next build`/);
    });

    it('after-next-build: records the SITE_URL the build prerendered, not the one of the environment it runs in', () => {
      const dir = scratchBuild({
        'server/app/en.html': raw(),
        'routes-manifest.json': manifest(),
        'server/app/robots.txt.body': robots().replace(
          /^Sitemap: .*$/m,
          'Sitemap: https://pay.example.com/sitemap.xml',
        ),
      });
      const saved = process.env.SITE_URL;
      process.env.SITE_URL = 'http://localhost:3999';
      try {
        assert.deepEqual(afterNextBuild(dir).site, { url: 'https://pay.example.com', production: true });
      } finally {
        if (saved === undefined) delete process.env.SITE_URL;
        else process.env.SITE_URL = saved;
      }
      assert.deepEqual(JSON.parse(readFileSync(join(dir, BUILD_MARKER_FILE), 'utf8')).site, {
        url: 'https://pay.example.com',
        production: true,
      });
    });

    it('csp-hashes: a routes manifest of another version or shape', () => {
      const other = JSON.stringify({ ...JSON.parse(manifest()), version: 4 });
      const dir = scratchBuild({ 'server/app/en.html': raw(), 'routes-manifest.json': other });
      assert.throws(
        () => hashPages(dir),
        /^BuildStepError: csp-hashes: .*routes-manifest\.json is not the shape .*found version 4/,
      );
      const noHeaders = JSON.stringify({ ...JSON.parse(manifest()), headers: undefined });
      writeFileSync(join(dir, 'routes-manifest.json'), noHeaders);
      assert.throws(() => hashPages(dir), /^BuildStepError: csp-hashes: .*routes-manifest\.json is not the shape/);
    });

    it('csp-hashes: no public home page (no prerendered HTML with <link rel="canonical"> to /)', () => {
      const none = raw().replace(/<link rel="canonical"[^>]*>/, '');
      const dir = scratchBuild({ 'server/app/en.html': none, 'routes-manifest.json': manifest() });
      assert.throws(() => hashPages(dir), /^BuildStepError: csp-hashes: no prerendered home page/);
    });

    it('csp-hashes: a page whose inline scripts it cannot find', () => {
      const none = raw().replace(/<script\b(?![^>]*\bsrc=)[^>]*>[\s\S]*?<\/script>/g, '');
      const dir = scratchBuild({ 'server/app/en.html': none, 'routes-manifest.json': manifest() });
      assert.throws(() => hashPages(dir), /^BuildStepError: csp-hashes: en\.html \(\/\) has no inline <script>/);
    });

    it('after-next-build: a Next version outside the pinned list, and then no marker (the server will not start)', () => {
      const dir = scratchBuild({
        'server/app/en.html': raw(),
        'routes-manifest.json': manifest(),
        'server/app/robots.txt.body': robots(),
      });
      afterNextBuild(dir);
      assert.throws(
        () => afterNextBuild(dir, { nextVersion: '16.5.0' }),
        /^BuildStepError: after-next-build: next 16\.5\.0 is installed/,
      );
      assert.match(unfinishedBuildProblem(dir), /bare `next build`/);
    });
  },
);

describe(
  '`next start` refuses a build that missed the post-build steps',
  { skip: skip ?? false, timeout: 120_000 },
  () => {
    const copy = join(root, `${distName}-unfinished-${PORT}`);
    before(() => {
      rmSync(copy, { recursive: true, force: true });
      // Hard links: a copy of the build in no time; only the marker is removed or replaced in it.
      const cp = spawnSync('cp', ['-al', dist, copy]);
      if (cp.status !== 0) cpSync(dist, copy, { recursive: true });
    });
    after(() => rmSync(copy, { recursive: true, force: true }));

    /** Starts `next start` on the copy; resolves with its exit code and output once it exits (or is killed after 60 s). */
    const start = () =>
      new Promise((resolve) => {
        const child = spawn(join(root, 'node_modules/.bin/next'), ['start', '-H', 'localhost', '-p', String(PORT)], {
          cwd: root,
          env: {
            ...process.env,
            NEXT_DIST_DIR: relative(root, copy),
            NEXT_TELEMETRY_DISABLED: '1',
            DATA_DIR: join(copy, 'data'),
          },
          stdio: ['ignore', 'pipe', 'pipe'],
          detached: true,
        });
        let output = '';
        child.stdout.on('data', (d) => (output += d));
        child.stderr.on('data', (d) => (output += d));
        const timer = setTimeout(() => process.kill(-child.pid, 'SIGKILL'), 60_000);
        child.on('exit', (code, signal) => {
          clearTimeout(timer);
          resolve({ code, signal, output });
        });
      });

    it('a bare `next build` (no marker): exit 1, saying to run `npm run build`', async () => {
      rmSync(join(copy, BUILD_MARKER_FILE));
      const { code, output } = await start();
      assert.equal(code, 1, output);
      assert.match(output, /refusing to start: .*bare `next build`.*run `npm run build`/);
    });

    it('a build rebuilt after its steps ran (the marker names another BUILD_ID): exit 1', async () => {
      writeFileSync(join(copy, BUILD_MARKER_FILE), JSON.stringify({ buildId: 'an-older-build' }));
      const { code, output } = await start();
      assert.equal(code, 1, output);
      assert.match(output, /refusing to start: .*ran for build an-older-build, not for this build/);
    });
  },
);
