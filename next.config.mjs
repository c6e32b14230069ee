import createNextIntlPlugin from 'next-intl/plugin';
import { contentSecurityPolicy } from './lib/security/csp.mjs';
import { localeTable, prefixAliases } from './lib/i18n/locale-table.mjs';

const withNextIntl = createNextIntlPlugin({
  requestConfig: './lib/i18n/request.ts',
  experimental: {
    // ICU messages are compiled at build time: browsers get no message parser (smaller first
    // load) and dynamic pages stop re-parsing every message on every request.
    messages: { path: './messages', format: 'json', locales: 'infer', precompile: true },
  },
});
const isDev = process.env.NODE_ENV === 'development';

// The policy every response gets: scripts from this origin only, no inline script. After
// `next build`, scripts/csp/hash-pages.mjs adds one rule per prerendered page allowing exactly that
// page's inline scripts by hash; the proxy sets its own on the pages it serves and a nonce on /pay.
// A build that skipped the hashing step is therefore locked down, not open.
const securityHeaders = [
  { key: 'Content-Security-Policy', value: contentSecurityPolicy({ dev: isDev }) },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), browsing-topics=()' },
  // Nothing of ours is meant to be embedded by other sites (PayPal and VNPay embed nothing from us).
  { key: 'Cross-Origin-Resource-Policy', value: 'same-origin' },
];
// Everywhere but the link exchanges (`/api/link`, `/api/link/handoff`), which set their own
// `no-referrer` on the answer that opens a session: a header from this config replaces the one a
// route handler set.
const referrerPolicy = {
  source: '/:path((?!api/link(?:/handoff)?$).*)',
  headers: [{ key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' }],
};

// Cross-Origin-Opener-Policy only on the pages that hold a person's data: the pay page (its
// session) and the team page. There it cuts every window reference between them and another
// site's window, so a page that opened them (or that they open) cannot navigate them, count their
// frames or watch them load. The public pages (landing, policies, join, 404) are the same for
// everyone and have nothing to protect, and on them the header costs every visitor who arrives in
// a fresh tab (a link from the chat app, a bookmark, a typed address): a page with COOP cannot share
// the tab's browsing context group, so Chrome starts a new renderer process for it and creates its
// JavaScript context cold, which delays the first paint (the A/B runs: docs/performance.md#site-speed).
// PayPal's approval window talks back to its opener, so /pay allows popups; same-origin would cut
// it off. (The gateways' hosts in /pay's CSP are added per page after the build,
// scripts/csp/hash-pages.mjs, from what each gateway declares in lib/server/payments/<id>/page-sources.json.)
const payPageHeaders = [{ key: 'Cross-Origin-Opener-Policy', value: 'same-origin-allow-popups' }];
const teamPageHeaders = [{ key: 'Cross-Origin-Opener-Policy', value: 'same-origin' }];
// The operators' console (docs/operations.md): never indexed, never named in a Referer, no window
// of another site may hold a reference to it. Its policy comes from the proxy, with a nonce.
const opsHeaders = [
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
  { key: 'X-Robots-Tag', value: 'noindex, nofollow' },
  { key: 'Referrer-Policy', value: 'no-referrer' },
];

// Pages the site has besides the landing page (lib/config/pages.ts; tests/i18n/proxy-matcher.test.ts
// keeps this list equal to it). Next reads the config without a TypeScript compiler.
const pagePattern = 'join|pay|team|telegramPay|telegramTeam|terms|privacy|paymentPolicy|warrantyPolicy|otherPolicies';

// A path shaped like a prefixed page (proxy.ts's matcher skips two or three lowercase letters before a
// page) whose prefix names no locale, `/xx/join`: without this it would reach `[locale]/[...rest]` with
// `xx` and render the empty error document of a notFound() in the layout (vercel/next.js#62228). Sent
// to the bare prefix instead, which matches no route (`dynamicParams = false`): Next's 404,
// app/global-not-found.tsx. The known prefixes and codes come from the locale table; `api` keeps its routes.
const knownFirstSegments = [...new Set(localeTable.flatMap(({ code, prefix }) => [code, prefix])), 'api'];
const unknownPrefixedPage = {
  source: `/:prefix((?!(?:${knownFirstSegments.join('|')})(?![a-z]))[a-z]{2,3})/:page(${pagePattern})`,
  destination: '/:prefix',
};

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // The deploy artifact: <distDir>/standalone, server.js with only the node_modules it needs; the
  // post-build steps add the static files, public/ and each page's CSP to it (deploy/README.md).
  output: 'standalone',
  reactStrictMode: true,
  // Lets several builds of one checkout coexist (parallel e2e runs, benchmarks).
  distDir: process.env.NEXT_DIST_DIR || '.next',
  serverExternalPackages: ['@electric-sql/pglite'],
  experimental: {
    globalNotFound: true,
    // Each page carries its CSS in a <style> (docs/serving.md, "CSS inside the page"): the first view
    // waits for no stylesheet request, which on a phone's first visit is a round trip or two.
    inlineCss: true,
  },
  async redirects() {
    // Before the proxy: a locale's code in a URL whose prefix is another (`/ja/...`, the ISO code of
    // the `/jp` prefix) moves to the prefix in one permanent hop, the query kept. From the locale
    // table, so a new row whose prefix is not its code needs nothing here.
    // `/apple-touch-icon.png` is the address iOS and other browsers ask for without reading the page's
    // <link rel="apple-touch-icon">: the same 180×180 icon, app/apple-icon.png. Here, because
    // redirects answer before the proxy, which would take it for an unknown page.
    return [
      ...prefixAliases().redirects,
      { source: '/apple-touch-icon.png', destination: '/apple-icon.png', permanent: true },
    ];
  },
  async rewrites() {
    // After the proxy, before the file system: English pages and the prefixes that are not their
    // code (`/jp` → `/ja`, from the locale table) are mapped onto the `[locale]` tree here, so a
    // prerendered page is served without running the proxy. An unknown path of another shape never
    // gets here (the proxy answers it with the locale's 404 page); one shaped like a prefixed page
    // (`/xx`, `/xx/join`) skips the proxy and finds no `[locale]` page (`dynamicParams = false` in
    // app/[locale]/layout.tsx, and unknownPrefixedPage above): Next's 404.
    return {
      beforeFiles: [
        // Reached only when the proxy did not redirect `/`, i.e. the visitor gets English.
        { source: '/', destination: '/en' },
        { source: `/:page(${pagePattern})`, destination: '/en/:page' },
        ...prefixAliases().rewrites,
        unknownPrefixedPage,
      ],
    };
  },
  async headers() {
    return [
      // Every response but the Telegram harness's (a local stand-in that frames the Mini App, never
      // offered in production), whose route sends its own policy: this one would forbid the frame.
      { source: '/:path((?!api/miniapp/harness$).*)', headers: securityHeaders },
      referrerPolicy,
      // Later entries override earlier ones for the same header.
      { source: '/pay', headers: payPageHeaders },
      { source: '/:locale/pay', headers: payPageHeaders },
      { source: '/team', headers: teamPageHeaders },
      { source: '/:locale/team', headers: teamPageHeaders },
      { source: '/ops', headers: opsHeaders },
      { source: '/ops/:path*', headers: opsHeaders },
      { source: '/api/ops/:path*', headers: opsHeaders },
      {
        // The first-view font scripts are render-blocking and named by their content's hash
        // (npm run fonts): a new subset is a new URL, so a browser keeps each for a year, unasked.
        source: '/fonts/first-view/:file',
        headers: [{ key: 'Cache-Control', value: 'public, max-age=31536000, immutable' }],
      },
      {
        // The whole faces keep their Fontsource names, so a month rather than forever: long enough for
        // Urdu's Nastaliq, fetched after a first page, to be taken from the cache on the next one
        // (it is `optional`: a revalidation round trip would miss its 100 ms window).
        source: '/fonts/:file([^/]+\\.woff2)',
        headers: [{ key: 'Cache-Control', value: 'public, max-age=2592000' }],
      },
      {
        // HSTS is meaningless (and sticky) on a developer's machine; everywhere else it is on.
        source: '/:path*',
        missing: [{ type: 'host', value: '(?:localhost|127\\.0\\.0\\.1|\\[::1\\])' }],
        headers: [{ key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' }],
      },
    ];
  },
};

export default withNextIntl(nextConfig);
