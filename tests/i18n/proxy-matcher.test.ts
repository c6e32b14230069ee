import { readdirSync, readFileSync } from 'node:fs';
import { config } from '@/proxy';
import { localeTable } from '@/lib/i18n/locales';
import { pages } from '@/lib/config/pages';

// Next reads the matcher statically, so it is written out by hand in proxy.ts (and the English
// rewrites in next.config.mjs); these tests keep both equal to the locale table and the page list.
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
    '/ja',
    '/ja/pay',
    '/ja/privacy',
    '/xx/pay',
    '/pay/extra',
    '/vix/pay',
    '/missing.txt',
    '/vi/join/extra',
    '/joinx',
  ])('runs on %s (negotiation, link exchange, nonce, redirect or 404)', (path) => {
    expect(matcher.test(path)).toBe(true);
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
  it('name exactly the pages of lib/config/pages.ts', () => {
    const source = readFileSync('next.config.mjs', 'utf8');
    const listed = /const pagePattern = '([^']+)'/.exec(source)?.[1]?.split('|') ?? [];
    const expected = Object.values(pages)
      .map((page) => page.path.slice(1))
      .filter(Boolean);
    expect(listed.sort()).toEqual(expected.sort());
  });
});
