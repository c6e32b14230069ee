// @ts-check
// The Content-Security-Policy, in one place: next.config.mjs (the fallback for every response),
// scripts/csp/hash-pages.mjs (per prerendered page, after the build) and proxy.ts (nonces on
// /pay, pages the proxy serves itself) all build it here. Plain JavaScript so the config and
// the build script can load it without a compiler.
import { createHash } from 'node:crypto';

/**
 * Hosts one gateway's browser half loads from (an SDK, its frames), per directive: what the
 * gateway declares beside its code (lib/server/payments/<id>/page-sources.json).
 * @typedef {{ script?: readonly string[], connect?: readonly string[], frame?: readonly string[], img?: readonly string[] }} PageSources
 */

/**
 * @param {{ scripts?: string[], gatewaySources?: readonly PageSources[], frameAncestors?: readonly string[], dev?: boolean }} [options]
 *   scripts: extra script-src sources ('sha256-…' or 'nonce-…', quoted); none → only this
 *   origin's files may run, no inline script at all.
 *   gatewaySources: the hosts of the gateways whose browser halves run on the page (the pay page's
 *   callers pass every gateway's); none on every other page, which loads nothing of theirs.
 * @returns {string}
 */
export function contentSecurityPolicy({
  scripts = [],
  gatewaySources = [],
  frameAncestors = ["'none'"],
  dev = false,
} = {}) {
  /** @param {'script' | 'connect' | 'frame' | 'img'} directive each host once, in the gateways' order */
  const external = (directive) => [...new Set(gatewaySources.flatMap((sources) => sources[directive] ?? []))];
  // The dev server's hot reload evaluates code and injects inline scripts; a build never does.
  const devScripts = dev ? ["'unsafe-inline'", "'unsafe-eval'"] : [];
  return [
    "default-src 'self'",
    ['script-src', "'self'", ...(dev ? devScripts : scripts), ...external('script')].join(' '),
    // React writes style attributes (motion, the progress bar); styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    ['img-src', "'self'", 'data:', 'blob:', ...external('img')].join(' '),
    "font-src 'self'",
    "media-src 'self'",
    ['connect-src', "'self'", ...external('connect')].join(' '),
    ['frame-src', ...(external('frame').length > 0 ? external('frame') : ["'none'"])].join(' '),
    ['frame-ancestors', ...frameAncestors].join(' '),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');
}

/**
 * `'sha256-…'` sources for every inline `<script>` of a page, in document order. The HTML of a
 * prerendered page is byte-identical on every request, so these hashes hold for all of them.
 * @param {string} html
 * @returns {string[]}
 */
export function inlineScriptHashes(html) {
  const hashes = new Set();
  for (const [, attributes = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    // An external script is allowed by its origin.
    if (/\bsrc\s*=/i.test(attributes)) continue;
    hashes.add(scriptHash(body));
  }
  return [...hashes];
}

/**
 * The `'sha256-…'` source that lets one inline script run.
 * @param {string} body
 */
export function scriptHash(body) {
  return `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;
}

/**
 * The operators' console's own policy (docs/operations.md#the-security-model), stricter than the
 * site's: nothing is allowed by default; scripts only from this origin and with this response's
 * nonce (Next's own inline scripts carry it); no frames either way, no plugins, no <base>, forms and
 * connections to this origin only. Styles stay as the site's (React and Next write style elements).
 * @param {{ nonce: string, dev?: boolean }} options
 * @returns {string}
 */
export function opsContentSecurityPolicy({ nonce, dev = false }) {
  return [
    "default-src 'none'",
    ['script-src', "'self'", `'nonce-${nonce}'`, ...(dev ? ["'unsafe-eval'"] : [])].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    // The dev server's hot reload talks over a WebSocket to its own origin.
    ['connect-src', "'self'", ...(dev ? ['ws:'] : [])].join(' '),
    "manifest-src 'self'",
    "frame-src 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');
}
