#!/usr/bin/env node
// After `next build`: one Content-Security-Policy per prerendered page, allowing exactly its inline
// scripts by sha256, written into the build's routes manifest so `next start` sends it with the
// page (no request-layer code runs for it). Idempotent; `npm run build`, `npm start`, `npm test`
// and the benchmarks run it. The manifest is Next's own file, not an API: its shape is checked
// (../build/next-output.mjs), and a shape this step does not know stops the build with a message.
//   node scripts/csp/hash-pages.mjs            (NEXT_DIST_DIR picks the build, default .next)
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { contentSecurityPolicy, inlineScriptHashes } from '../../lib/security/csp.mjs';
import { BuildStepError } from '../build/next-output.mjs';
import { gatewayPageSources } from './gateway-sources.mjs';
import { frameAncestorsOf } from '../../lib/security/frame-ancestors.mjs';

const MARK = 'quorumPageCsp';
const STEP = 'csp-hashes';
/** routes-manifest.json versions whose `headers` this step was checked against. */
const KNOWN_MANIFEST_VERSIONS = [3];

/**
 * Every prerendered HTML file under `dir`.
 * @param {string} dir
 * @returns {Generator<string>}
 */
function* htmlFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(path);
    else if (entry.name.endsWith('.html')) yield path;
  }
}

/**
 * The public path a prerendered page is served at: its canonical URL's (pages without one are internal).
 * @param {string} html
 */
function publicPath(html) {
  const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
  return canonical ? new URL(canonical.replaceAll('&amp;', '&')).pathname : null;
}

/**
 * The public prerendered pages under `appDir` (server/app of a build): file, HTML and the path each
 * is served at. The build step after `next build` (this one) works on these.
 * @param {string} appDir
 */
export function* publicPages(appDir) {
  for (const file of htmlFiles(appDir)) {
    const html = readFileSync(file, 'utf8');
    const path = publicPath(html);
    if (path) yield { file, html, path };
  }
}

/** Whether a public path is the pay page, in any locale. */
export const isPayPage = (/** @type {string} */ path) => /(?:^|\/)pay$/.test(path);

const escapeRegex = (/** @type {string} */ s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function hashPages(distDir = process.env.NEXT_DIST_DIR || '.next') {
  const appDir = join(distDir, 'server', 'app');
  const gatewaySources = gatewayPageSources();
  const policies = /** @type {Record<string, string>} */ ({});
  for (const { file, html, path } of publicPages(appDir)) {
    if (policies[path]) throw new BuildStepError(STEP, `${relative(appDir, file)}: a second page claims ${path}`);
    const scripts = inlineScriptHashes(html);
    // Next writes inline scripts into every page it renders (the flight data, at least): none found
    // means the script pattern no longer matches its HTML, and the page's own scripts would be refused.
    if (scripts.length === 0) {
      throw new BuildStepError(
        STEP,
        `${relative(appDir, file)} (${path}) has no inline <script> this step can find: Next's HTML changed; ` +
          'read it and update inlineScriptHashes in lib/security/csp.mjs',
      );
    }
    // The gateways' browser halves (PayPal's buttons) live on the pay page (every locale's): their hosts there, nowhere else.
    // Only the Mini App's pages may be framed, and only by Telegram's web clients (and the local harness).
    policies[path] = contentSecurityPolicy({
      scripts,
      gatewaySources: isPayPage(path) ? gatewaySources : [],
      frameAncestors: frameAncestorsOf(path),
    });
  }
  if (!policies['/']) {
    throw new BuildStepError(
      STEP,
      `no prerendered home page (canonical "/") under ${appDir}: run next build first, or Next's output layout changed`,
    );
  }

  const manifestPath = join(distDir, 'routes-manifest.json');
  /** @type {{ version?: number, headers: Array<Record<string, unknown>> }} */
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const known =
    KNOWN_MANIFEST_VERSIONS.includes(manifest?.version ?? NaN) &&
    Array.isArray(manifest.headers) &&
    manifest.headers.every(
      (rule) => typeof rule?.source === 'string' && typeof rule.regex === 'string' && Array.isArray(rule.headers),
    );
  if (!known) {
    throw new BuildStepError(
      STEP,
      `${manifestPath} is not the shape this step writes into (version ${KNOWN_MANIFEST_VERSIONS.join('/')}, ` +
        `headers: [{ source, regex, headers: [...] }]; found version ${JSON.stringify(manifest?.version)}, ` +
        `headers ${Array.isArray(manifest?.headers) ? 'with other rules' : JSON.stringify(typeof manifest?.headers)}): ` +
        "Next's routes manifest changed; read it and update scripts/csp/hash-pages.mjs",
    );
  }
  // After the catch-all rule of next.config.mjs, so the page's policy is the one sent.
  manifest.headers = [
    ...manifest.headers.filter((rule) => !rule[MARK]),
    ...Object.entries(policies)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([source, value]) => ({
        source,
        headers: [{ key: 'Content-Security-Policy', value }],
        regex: `^${escapeRegex(source)}(?:/)?$`,
        [MARK]: true,
      })),
  ];
  writeFileSync(manifestPath, JSON.stringify(manifest));
  writeFileSync(join(distDir, 'page-csp.json'), JSON.stringify(policies, null, 2));
  return policies;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const policies = hashPages();
  console.log(`✔ CSP: ${Object.keys(policies).length} prerendered pages get their inline-script hashes`);
}
