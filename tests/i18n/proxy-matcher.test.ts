import { readdirSync } from 'node:fs';
import { config } from '@/proxy';
import { dynamicParams } from '@/app/[locale]/layout';
import { localeTable } from '@/lib/i18n/locales';
import { pages } from '@/lib/config/pages';
import { nextConfigRoutes, routeOf } from '@/tests/support/next-config-routes';

// Next reads the matcher statically, so it is written out by hand in proxy.ts (and the English
// rewrites in next.config.mjs); these tests keep both equal to the page list. The prefixed pages are
// skipped by their shape, so no locale is named in it but the default (tests/i18n/add-a-locale.test.ts
// adds one).
const matcher = new RegExp(`^${config.matcher[0]}$`);
const staticPages = Object.values(pages)
  .map((page) => page.path)
  .filter((path) => path !== '/' && path !== '/pay' && path !== '/team');

describe('proxy matcher', () => {
  it('skips every prerendered page in every locale, so they are served without the proxy', () => {
    for (const { code, prefix } of localeTable) {
      if (code !== 'en')
        expect({ path: `/${prefix}`, runs: matcher.test(`/${prefix}`) }).toEqual({
          path: `/${prefix}`,
          runs: false,
        });
      for (const page of staticPages) {
        const path = code === 'en' ? page : `/${prefix}${page}`;
        expect({ path, runs: matcher.test(path) }).toEqual({ path, runs: false });
      }
    }
  });

  it.each([
    '/',
    '/pay',
    '/team',
    '/vi/pay',
    '/jp/team',
    '/en',
    '/en/join',
    '/nope',
    '/vi/nope',
    '/jp/nope',
    '/xx/pay',
    '/en/pay',
    '/en/privacy',
    '/pay/join',
    '/pay/extra',
    '/vix/pay',
    '/missing.txt',
    '/vi/join/extra',
    '/joinx',
    '/ops',
    '/ops/orders',
  ])('runs on %s (negotiation, link exchange, nonce, the console’s session check, redirect or 404)', (path) => {
    expect(matcher.test(path)).toBe(true);
  });

  it.each([
    ['/ja', false],
    ['/ja/privacy', false],
    ['/ja/nope', true],
    ['/ja/pay', true],
  ])('lets next.config.mjs redirect %s to the prefix before the proxy (which it runs on: %s)', async (path, runs) => {
    const { redirects } = await nextConfigRoutes();
    expect(matcher.test(path)).toBe(runs);
    expect(routeOf(redirects, path)).toEqual({ destination: path.replace(/^\/ja/, '/jp'), permanent: true });
  });

  it('sends /apple-touch-icon.png, which devices ask for unprompted, to the touch icon before the proxy can call it unknown', async () => {
    const { redirects } = await nextConfigRoutes();
    expect(routeOf(redirects, '/apple-touch-icon.png')).toEqual({ destination: '/apple-icon.png', permanent: true });
  });

  it.each([
    ['/xx', null],
    ['/xx/join', '/xx'],
    ['/abc/terms', '/abc'],
    ['/eng/privacy', '/eng'],
  ])(
    'skips %s, shaped like a prefixed page: next.config.mjs sends it to %s, which no `[locale]` page matches (dynamicParams = false): Next’s 404',
    async (path, destination) => {
      const { rewrites } = await nextConfigRoutes();
      expect(matcher.test(path)).toBe(false);
      expect(routeOf(rewrites, path)).toEqual(destination === null ? null : { destination });
      expect(dynamicParams).toBe(false);
    },
  );

  it('leaves the pages of every locale (and the API) to their routes: only an unknown prefix is sent to 404', async () => {
    const { rewrites } = await nextConfigRoutes();
    for (const { code, prefix } of localeTable) {
      for (const page of staticPages) {
        const path = `/${prefix}${page}`;
        const expected = prefix === code ? null : { destination: `/${code}${page}` };
        expect({ path, to: routeOf(rewrites, path) }).toEqual({ path, to: expected });
      }
    }
    expect(routeOf(rewrites, '/api/join')).toBeNull();
  });

  it.each([
    '/api/health',
    '/_next/static/chunk.js',
    '/robots.txt',
    '/sitemap.xml',
    '/icon.svg',
    '/favicon.ico',
    '/apple-icon.png',
    '/video/hero.mp4',
  ])('skips %s', (path) => {
    expect(matcher.test(path)).toBe(false);
  });

  it('skips every metadata file of app/ (icons), which Next serves itself', () => {
    for (const entry of readdirSync('app', { withFileTypes: true })) {
      if (!entry.isFile() || !/^(?:favicon|icon|apple-icon)\b/.test(entry.name)) continue;
      const path = `/${entry.name}`;
      expect({ path, runs: matcher.test(path) }).toEqual({ path, runs: false });
    }
  });

  it('skips every directory and file of public/', () => {
    for (const entry of readdirSync('public', { withFileTypes: true })) {
      const path = entry.isDirectory() ? `/${entry.name}/x` : `/${entry.name}`;
      expect({ path, runs: matcher.test(path) }).toEqual({ path, runs: false });
    }
  });
});

describe('English rewrites in next.config.mjs', () => {
  it('send every page of lib/config/pages.ts, and nothing else, to its English page', async () => {
    const { rewrites } = await nextConfigRoutes();
    for (const page of Object.values(pages).map((p) => p.path)) {
      const destination = page === '/' ? '/en' : `/en${page}`;
      expect({ page, to: routeOf(rewrites, page) }).toEqual({ page, to: { destination } });
    }
    for (const path of ['/joined', '/pay/x', '/policies', '/api/join']) {
      expect({ path, to: routeOf(rewrites, path)?.destination.startsWith('/en') ?? false }).toEqual({
        path,
        to: false,
      });
    }
  });
});
