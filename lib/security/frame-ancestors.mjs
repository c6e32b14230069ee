// @ts-check
// Who may put a page of this site in a frame. Plain JavaScript: the build script that writes each
// page's CSP (scripts/csp/hash-pages.mjs) loads it without a compiler.

/**
 * Telegram's web clients, which show a Mini App in an <iframe>: Telegram Web (web.telegram.org, both
 * its K and A versions live there) and the addresses those two versions were first published at,
 * which Telegram still serves. The phone and desktop apps use a webview, not a frame.
 */
export const telegramWebOrigins = Object.freeze([
  'https://web.telegram.org',
  'https://webk.telegram.org',
  'https://webz.telegram.org',
]);

/** Whether a public path (any locale) is one of the Mini App's pages (lib/config/pages.ts miniAppPages). */
export const isMiniAppPage = (/** @type {string} */ path) => /(?:^|\/)(?:telegramPay|telegramTeam)$/.test(path);

/**
 * The `frame-ancestors` sources of a page: none anywhere (no clickjacking), except the Mini App's
 * pages, which Telegram's web clients frame, and this origin itself (`'self'`: the local harness
 * that plays Telegram Web frames them from here; no page of the site frames anything otherwise).
 * @param {string} path
 * @returns {readonly string[]}
 */
export function frameAncestorsOf(path) {
  return isMiniAppPage(path) ? ["'self'", ...telegramWebOrigins] : ["'none'"];
}
