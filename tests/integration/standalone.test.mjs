// The deploy artifact (deploy/README.md): the build's standalone folder, copied alone to a directory
// outside the project as a deployer copies it, serves what `next start` of the same build serves,
// each prerendered page's Content-Security-Policy included (the post-build steps write those into
// the build, and scripts/build/standalone.mjs into the standalone copy of it).
//   NEXT_DIST_DIR=.next-e2e node --test tests/integration/standalone.test.mjs   (npm test: after the build)
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { distDir, missingPrerequisite, root, startInstance } from './support/cluster.mjs';
import { inlineScriptHashes } from '../../lib/security/csp.mjs';

const E2E_PORT = Number(process.env.E2E_PORT ?? 3300);
const PORT = E2E_PORT + 30;
const skip = missingPrerequisite({ postgres: false, nginx: false });
if (skip && process.env.CI) throw new Error(`cannot run in CI: ${skip}`);

/** The headers every answer of ours carries that a deployment must not lose. */
const SECURITY_HEADERS = [
  'content-security-policy',
  'x-content-type-options',
  'permissions-policy',
  'cross-origin-resource-policy',
  'cross-origin-opener-policy',
  'referrer-policy',
];

describe('the standalone server, copied alone out of the project', { skip: skip ?? false, timeout: 240_000 }, () => {
  const scratch = mkdtempSync(join(tmpdir(), 'quorum-standalone-'));
  const copy = join(scratch, 'app');
  let nextStart;
  let standalone;

  before(async () => {
    cpSync(join(root, distDir, 'standalone'), copy, { recursive: true, verbatimSymlinks: true });
    // The build was made for the e2e port: its prerendered canonical URLs name that origin.
    const site = `http://localhost:${E2E_PORT}`;
    [nextStart, standalone] = await Promise.all([
      startInstance({ port: PORT, env: { DATA_DIR: join(scratch, 'data-next-start'), SITE_URL: site } }),
      startInstance({
        port: PORT + 1,
        standalone: true,
        standaloneDir: copy,
        env: { DATA_DIR: join(scratch, 'data-standalone'), SITE_URL: site },
      }),
    ]);
  });

  after(() => {
    nextStart?.kill();
    standalone?.kill();
    rmSync(scratch, { recursive: true, force: true });
  });

  const get = (server, path) =>
    fetch(`${server.base}${path}`, { redirect: 'manual', headers: { 'accept-language': 'en' } });

  it('is the whole artifact: copied alone, it serves pages, their chunks, public files and its database', async () => {
    assert.ok(!existsSync(join(scratch, 'node_modules')), 'nothing above the copy can lend it packages');
    const page = await get(standalone, '/vi');
    assert.equal(page.status, 200);
    const html = await page.text();
    const chunks = [...html.matchAll(/src="(\/_next\/static\/[^"]+\.js)"/g)].map((m) => m[1]);
    assert.ok(chunks.length > 2, `${chunks.length} chunk scripts on /vi`);
    for (const chunk of chunks) assert.equal((await get(standalone, chunk)).status, 200, chunk);
    assert.equal((await get(standalone, '/og/manifest.json')).status, 200, 'public/ is in the artifact');
    assert.equal((await get(standalone, '/api/health')).status, 200, 'PGlite runs from the artifact');
    assert.doesNotMatch(standalone.logs, /does not work with "output: standalone"/);
  });

  it("gives every prerendered page the same CSP as next start, allowing exactly the page's inline scripts", async () => {
    const perPage = JSON.parse(readFileSync(join(copy, distDir, 'page-csp.json'), 'utf8'));
    const paths = Object.keys(perPage);
    assert.ok(paths.length >= 14 * 5, `${paths.length} prerendered pages`);
    for (const path of paths) {
      const [ours, theirs] = await Promise.all([get(standalone, path), get(nextStart, path)]);
      assert.equal(ours.status, theirs.status, `${path}: ${ours.status} here, ${theirs.status} from next start`);
      const policy = ours.headers.get('content-security-policy');
      assert.equal(policy, theirs.headers.get('content-security-policy'), `${path}: the policies differ`);
      // The pay page is dynamic: its policy carries a fresh nonce, not hashes.
      if (/(?:^|\/)pay$/.test(path)) continue;
      assert.equal(policy, perPage[path], `${path}: not the policy the post-build step computed`);
      const scripts = inlineScriptHashes(await ours.text());
      assert.equal(policy.match(/'sha256-/g)?.length, scripts.length, `${path}: allows scripts it does not have`);
      for (const hash of scripts) assert.ok(policy.includes(hash), `${path}: its inline script ${hash} is refused`);
    }
  });

  it('sends the security headers next start sends, on public, pay and team pages and the API', async () => {
    const nonce = (value) => value?.replace(/'nonce-[^']+'/g, "'nonce-…'") ?? null;
    for (const path of ['/', '/vi/join', '/pay', '/jp/pay', '/team', '/api/health', '/does-not-exist']) {
      const [ours, theirs] = await Promise.all([get(standalone, path), get(nextStart, path)]);
      assert.equal(ours.status, theirs.status, path);
      for (const header of SECURITY_HEADERS) {
        assert.equal(nonce(ours.headers.get(header)), nonce(theirs.headers.get(header)), `${path}: ${header}`);
      }
    }
  });
});
