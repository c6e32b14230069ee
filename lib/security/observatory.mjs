// @ts-check
// The MDN HTTP Observatory's grade for one response, from its published rules
// (github.com/mdn/mdn-http-observatory: src/analyzer/tests/*.js for each test's outcome,
// src/grader/charts.js for the modifiers and grades, src/scanner/index.js for the sum). The service
// cannot reach this machine, so scripts/observatory.mjs grades our own headers with this.
// Only what our responses can trigger is modelled; `redirection` (http → https on the same host)
// and HSTS preloading are properties of the deployment, passed in as assumptions.

const BROAD = new Set(['ftp:', 'http:', 'https:', '*', 'http://*', 'http://*.*', 'https://*', 'https://*.*']);
const UNSAFE_INLINE = new Set(["'unsafe-inline'", 'data:']);
const NONCE_OR_HASH = /^'(sha256-|sha384-|sha512-|nonce-)/;

/** @param {string} value */
function parseCsp(value) {
  /** @type {Map<string, Set<string>>} */
  const map = new Map();
  for (const directive of value.split(';')) {
    const [name, ...sources] = directive.trim().split(/\s+/);
    if (name && !map.has(name.toLowerCase())) map.set(name.toLowerCase(), new Set(sources));
  }
  return map;
}

/** @param {string | null} value @param {boolean} https */
function csp(value, https) {
  if (!value) return { result: 'csp-not-implemented', modifier: -25 };
  const policy = parseCsp(value);
  const pick = (/** @type {string} */ name) => new Set(policy.get(name) ?? policy.get('default-src') ?? ['*']);
  const script = pick('script-src');
  const style = pick('style-src');
  const object = pick('object-src');
  for (const list of [script, style]) if ([...list].some((s) => NONCE_OR_HASH.test(s))) list.delete("'unsafe-inline'");
  const has = (/** @type {Set<string>} */ list, /** @type {Set<string>} */ bad) => [...list].some((s) => bad.has(s));
  const active = [...policy]
    .filter(([name]) => !['img-src', 'media-src', 'script-src'].includes(name))
    .flatMap(([, list]) => [...list])
    .concat([...script]);
  const passive = ['img-src', 'media-src'].flatMap((name) => [
    ...(policy.get(name) ?? policy.get('default-src') ?? []),
  ]);
  const insecure = (/** @type {string[]} */ list) =>
    https && list.some((s) => s.startsWith('http:') || s.startsWith('ftp:'));
  if (has(script, new Set([...BROAD, ...UNSAFE_INLINE])) || has(object, BROAD))
    return { result: 'csp-implemented-with-unsafe-inline', modifier: -20 };
  if (insecure(active)) return { result: 'csp-implemented-with-insecure-scheme', modifier: -20 };
  if (script.has("'unsafe-eval'") || style.has("'unsafe-eval'"))
    return { result: 'csp-implemented-with-unsafe-eval', modifier: -10 };
  if (insecure(passive))
    return { result: 'csp-implemented-with-insecure-scheme-in-passive-content-only', modifier: -10 };
  if (has(style, new Set([...BROAD, ...UNSAFE_INLINE])))
    return { result: 'csp-implemented-with-unsafe-inline-in-style-src-only', modifier: 0 };
  const defaultSrc = policy.get('default-src');
  if (defaultSrc?.has("'none'") && defaultSrc.size === 1)
    return { result: 'csp-implemented-with-no-unsafe-default-src-none', modifier: 10 };
  return { result: 'csp-implemented-with-no-unsafe', modifier: 5 };
}

/** @param {string[]} setCookies @param {boolean} hsts */
function cookies(setCookies, hsts) {
  if (setCookies.length === 0) return { result: 'cookies-not-found', modifier: 0 };
  // Worst outcome wins, as in the Observatory's `onlyIfWorse` ordering.
  const order = [
    ['cookies-without-secure-flag-but-protected-by-hsts', -5],
    ['cookies-without-secure-flag', -20],
    ['cookies-session-without-secure-flag-but-protected-by-hsts', -10],
    ['cookies-samesite-flag-invalid', -20],
    ['cookies-anticsrf-without-samesite-flag', -20],
    ['cookies-session-without-httponly-flag', -30],
    ['cookies-session-without-secure-flag', -40],
  ];
  let worst = -1;
  let missingSameSite = false;
  const worse = (/** @type {string} */ result) =>
    (worst = Math.max(
      worst,
      order.findIndex(([r]) => r === result),
    ));
  for (const raw of setCookies) {
    const [pair = '', ...attributes] = raw.split(';').map((p) => p.trim());
    const name = pair.split('=')[0]?.toLowerCase() ?? '';
    const attr = new Map(attributes.map((a) => [a.split('=')[0]?.toLowerCase() ?? '', a.split('=')[1]?.trim() ?? '']));
    const secure = attr.has('secure');
    const sameSite = attr.get('samesite');
    const session = ['login', 'sess'].some((s) => name.includes(s));
    if (attr.has('samesite') && !['lax', 'strict', 'none'].includes((sameSite ?? '').toLowerCase()))
      worse('cookies-samesite-flag-invalid');
    if (!secure && sameSite?.toLowerCase() === 'none') worse('cookies-samesite-flag-invalid');
    if (!secure) worse(hsts ? 'cookies-without-secure-flag-but-protected-by-hsts' : 'cookies-without-secure-flag');
    if (name.includes('csrf') && !sameSite) worse('cookies-anticsrf-without-samesite-flag');
    if (session && !secure)
      worse(hsts ? 'cookies-session-without-secure-flag-but-protected-by-hsts' : 'cookies-session-without-secure-flag');
    if (session && !attr.has('httponly')) worse('cookies-session-without-httponly-flag');
    if (!sameSite) missingSameSite = true;
  }
  if (worst >= 0) {
    const [result = '', modifier = 0] = /** @type {[string, number]} */ (order[worst]);
    return { result, modifier };
  }
  return missingSameSite
    ? { result: 'cookies-secure-with-httponly-sessions', modifier: 0 }
    : { result: 'cookies-secure-with-httponly-sessions-and-samesite', modifier: 5 };
}

/** @param {string | null} value @param {boolean} preloaded */
function hsts(value, preloaded) {
  if (preloaded) return { result: 'hsts-preloaded', modifier: 5 };
  const maxAge = Number(/max-age=(\d+)/i.exec(value ?? '')?.[1] ?? NaN);
  if (!value) return { result: 'hsts-not-implemented', modifier: -20 };
  if (Number.isNaN(maxAge)) return { result: 'hsts-header-invalid', modifier: -20 };
  return maxAge >= 15768000
    ? { result: 'hsts-implemented-max-age-at-least-six-months', modifier: 0 }
    : { result: 'hsts-implemented-max-age-less-than-six-months', modifier: -10 };
}

/** @param {string | null} value */
function referrerPolicy(value) {
  if (!value) return { result: 'referrer-policy-not-implemented', modifier: 0 };
  const last =
    value
      .split(',')
      .map((v) => v.trim().toLowerCase())
      .filter(Boolean)
      .at(-1) ?? '';
  if (['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'].includes(last))
    return { result: 'referrer-policy-private', modifier: 5 };
  if (['origin', 'origin-when-cross-origin', 'unsafe-url', 'no-referrer-when-downgrade'].includes(last))
    return { result: 'referrer-policy-unsafe', modifier: -5 };
  return { result: 'referrer-policy-header-invalid', modifier: -5 };
}

/** @param {string} html @param {string} origin */
function subresourceIntegrity(html, origin) {
  const scripts = [...html.matchAll(/<script\b([^>]*)>/gi)].map(([, a = '']) => a);
  if (scripts.length === 0) return { result: 'sri-not-implemented-but-no-scripts-loaded', modifier: 0 };
  let external = false;
  for (const attributes of scripts) {
    const src = /\bsrc="([^"]+)"/i.exec(attributes)?.[1];
    if (!src || !/^(https?:)?\/\//i.test(src) || new URL(src, origin).origin === origin) continue;
    external = true;
    if (!/\bintegrity=/i.test(attributes))
      return { result: 'sri-not-implemented-but-external-scripts-loaded-securely', modifier: -5 };
  }
  return external
    ? { result: 'sri-implemented-and-external-scripts-loaded-securely', modifier: 5 }
    : { result: 'sri-not-implemented-but-all-scripts-loaded-from-secure-origin', modifier: 0 };
}

/** @param {string | null} xfo @param {string | null} cspValue */
function xFrameOptions(xfo, cspValue) {
  const ancestors = cspValue ? parseCsp(cspValue).get('frame-ancestors') : undefined;
  if (ancestors && ![...ancestors].some((s) => BROAD.has(s)))
    return { result: 'x-frame-options-implemented-via-csp', modifier: 5 };
  const value = (xfo ?? '').trim().toLowerCase();
  if (!value) return { result: 'x-frame-options-not-implemented', modifier: -20 };
  if (value === 'deny' || value === 'sameorigin') return { result: 'x-frame-options-sameorigin-or-deny', modifier: 0 };
  if (value.startsWith('allow-from ')) return { result: 'x-frame-options-allow-from-origin', modifier: 0 };
  return { result: 'x-frame-options-header-invalid', modifier: -20 };
}

/** @param {string | null} value */
function crossOriginResourcePolicy(value) {
  const v = (value ?? '').trim().toLowerCase();
  if (!v) return { result: 'cross-origin-resource-policy-not-implemented', modifier: 0 };
  if (v === 'same-origin') return { result: 'cross-origin-resource-policy-implemented-with-same-origin', modifier: 10 };
  if (v === 'same-site') return { result: 'cross-origin-resource-policy-implemented-with-same-site', modifier: 10 };
  if (v === 'cross-origin')
    return { result: 'cross-origin-resource-policy-implemented-with-cross-origin', modifier: 0 };
  return { result: 'cross-origin-resource-policy-header-invalid', modifier: -5 };
}

/** @param {Headers} headers */
function cors(headers) {
  const origin = headers.get('access-control-allow-origin');
  if (!origin) return { result: 'cross-origin-resource-sharing-not-implemented', modifier: 0 };
  if (origin.trim() === '*')
    return { result: 'cross-origin-resource-sharing-implemented-with-public-access', modifier: 0 };
  return headers.get('access-control-allow-credentials')?.toLowerCase() === 'true'
    ? { result: 'cross-origin-resource-sharing-implemented-with-universal-access', modifier: -50 }
    : { result: 'cross-origin-resource-sharing-implemented-with-restricted-access', modifier: 0 };
}

const GRADES = [
  [100, 'A+'],
  [90, 'A'],
  [85, 'A-'],
  [80, 'B+'],
  [70, 'B'],
  [65, 'B-'],
  [60, 'C+'],
  [50, 'C'],
  [45, 'C-'],
  [40, 'D+'],
  [30, 'D'],
  [25, 'D-'],
  [0, 'F'],
];

/**
 * @param {{ url: string, headers: Headers, setCookies: string[], html: string,
 *   assume?: { redirectsHttpToHttpsSameHost?: boolean, hstsPreloaded?: boolean } }} response
 */
export function gradeResponse({ url, headers, setCookies, html, assume = {} }) {
  const { origin, protocol } = new URL(url);
  const https = protocol === 'https:';
  const policy = headers.get('content-security-policy');
  const hstsResult = hsts(https ? headers.get('strict-transport-security') : null, assume.hstsPreloaded ?? false);
  const tests = {
    'content-security-policy': csp(policy, https),
    cookies: cookies(setCookies, hstsResult.modifier >= 0),
    'cross-origin-resource-sharing': cors(headers),
    redirection: assume.redirectsHttpToHttpsSameHost
      ? { result: 'redirection-to-https', modifier: 0 }
      : { result: 'redirection-missing', modifier: -20 },
    'referrer-policy': referrerPolicy(headers.get('referrer-policy')),
    'strict-transport-security': hstsResult,
    'subresource-integrity': subresourceIntegrity(html, origin),
    'x-content-type-options':
      headers.get('x-content-type-options')?.trim().toLowerCase() === 'nosniff'
        ? { result: 'x-content-type-options-nosniff', modifier: 0 }
        : { result: 'x-content-type-options-not-implemented', modifier: -5 },
    'x-frame-options': xFrameOptions(headers.get('x-frame-options'), policy),
    'cross-origin-resource-policy': crossOriginResourcePolicy(headers.get('cross-origin-resource-policy')),
  };
  const modifiers = Object.values(tests).map((t) => t.modifier);
  const uncurved = 100 + modifiers.filter((m) => m < 0).reduce((a, b) => a + b, 0);
  // Bonuses count only when the score without them is already an A (MINIMUM_SCORE_FOR_EXTRA_CREDIT).
  const score = Math.max(0, uncurved >= 90 ? 100 + modifiers.reduce((a, b) => a + b, 0) : uncurved);
  const grade = GRADES.find(([floor]) => Math.min(score - (score % 5), 100) >= Number(floor))?.[1] ?? 'F';
  return { score, grade, tests };
}
