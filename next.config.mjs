import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin({
  requestConfig: './lib/i18n/request.ts',
  experimental: {
    // ICU messages are compiled at build time: browsers get no message parser (smaller first
    // load) and dynamic pages stop re-parsing every message on every request.
    messages: { path: './messages', format: 'json', locales: 'infer', precompile: true },
  },
});
const isDev = process.env.NODE_ENV === 'development';

// Pages are prerendered, so the CSP cannot carry a per-request nonce; scripts are limited to
// this origin plus Next's inline hydration payload. Everything the site shows is self-hosted.
const csp = (extra = {}) =>
  [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline'${isDev ? " 'unsafe-eval'" : ''}${extra.script ?? ''}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${extra.img ?? ''}`,
    "font-src 'self'",
    "media-src 'self'",
    `connect-src 'self'${extra.connect ?? ''}`,
    ...(extra.frame ? [`frame-src${extra.frame}`] : []),
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');
const contentSecurityPolicy = csp();

// PayPal's JS SDK loads scripts, images and frames from its own hosts (production-notes §2):
// allowed on the pay page only, where the buttons live.
const paypalHosts = ' https://*.paypal.com https://*.paypalobjects.com';
const payPageHeaders = [
  {
    key: 'Content-Security-Policy',
    value: csp({ script: paypalHosts, img: paypalHosts, connect: paypalHosts, frame: paypalHosts }),
  },
  // PayPal's approval window talks back to its opener; same-origin would cut it off.
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin-allow-popups' },
];

const securityHeaders = [
  { key: 'Content-Security-Policy', value: contentSecurityPolicy },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), browsing-topics=()' },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // Lets several builds of one checkout coexist (parallel e2e runs, benchmarks).
  distDir: process.env.NEXT_DIST_DIR || '.next',
  serverExternalPackages: ['@electric-sql/pglite'],
  experimental: {
    globalNotFound: true,
  },
  async headers() {
    return [
      { source: '/:path*', headers: securityHeaders },
      // Later entries override earlier ones for the same header.
      { source: '/pay', headers: payPageHeaders },
      { source: '/:locale/pay', headers: payPageHeaders },
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
