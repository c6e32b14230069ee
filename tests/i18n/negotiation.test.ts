import fc from 'fast-check';
import { localeFromAcceptLanguage, negotiateLocale } from '@/lib/i18n/negotiate';
import { routeRequest, sameSitePath } from '@/lib/i18n/route-request';
import { locales, localeTable } from '@/lib/i18n/locales';
import { pages } from '@/lib/config/pages';

describe('Accept-Language picks the best of the 14 locales', () => {
  it.each([
    ['ja', 'ja'],
    ['ja-JP,ja;q=0.9,en;q=0.8', 'ja'],
    ['zh-TW', 'zh'],
    ['zh-Hant-HK', 'zh'],
    ['pt-PT', 'pt'],
    ['vi-VN,vi;q=0.9,en;q=0.8', 'vi'],
    ['de-CH', 'de'],
    ['es-419', 'es'],
    ['en-GB,vi;q=0.5', 'en'],
    ['fr;q=0.2,ru;q=0.8', 'ru'],
    ['ur', 'ur'],
    ['mr-IN', 'mr'],
    ['x-klingon', 'en'],
    ['xx', 'en'],
    ['*', 'en'],
    [';;;', 'en'],
    ['en-US;q=abc', 'en'],
    ['', 'en'],
  ])('%j → %s', (header, expected) => {
    expect(localeFromAcceptLanguage(header)).toBe(expected);
  });

  it('treats a missing header as English', () => {
    expect(localeFromAcceptLanguage(undefined)).toBe('en');
    expect(localeFromAcceptLanguage(null)).toBe('en');
  });

  it('answers an 8 KB hostile header promptly and in English', () => {
    const started = performance.now();
    expect(localeFromAcceptLanguage('a-'.repeat(4096))).toBe('en');
    expect(localeFromAcceptLanguage(Array.from({ length: 300 }, (_, i) => `x${i}`).join(','))).toBe('en');
    expect(performance.now() - started).toBeLessThan(200);
  });
});

describe('the i18n_redirected cookie wins over Accept-Language', () => {
  it.each([
    ['vi', 'de', 'vi'],
    ['jp', 'en', 'ja'],
    ['ja', 'en', 'ja'],
    ['en', 'vi', 'en'],
    ['xx', 'de', 'de'],
    ['../../etc', 'ko', 'ko'],
    ['<script>', undefined, 'en'],
    ['', 'fr', 'fr'],
  ])('cookie %j + Accept-Language %j → %s', (cookie, acceptLanguage, expected) => {
    expect(negotiateLocale({ cookie, acceptLanguage })).toBe(expected);
  });
});

describe('routeRequest: only `/` negotiates', () => {
  const request = (pathname: string, extra: Partial<Parameters<typeof routeRequest>[0]> = {}) =>
    routeRequest({ pathname, search: '', cookie: undefined, acceptLanguage: undefined, ...extra });

  it('serves English at `/` itself and remembers it', () => {
    expect(request('/')).toEqual({ kind: 'home', setLocaleCookie: 'en', negotiated: true });
  });

  it('redirects `/` with 307 to the negotiated prefix, keeping the query', () => {
    expect(request('/', { acceptLanguage: 'ja', search: '?utm=chat' })).toEqual({
      kind: 'redirect',
      status: 307,
      location: '/jp?utm=chat',
      setLocaleCookie: 'ja',
    });
    expect(request('/', { cookie: 'vi', acceptLanguage: 'de' })).toMatchObject({ location: '/vi' });
  });

  it('never redirects other paths by language, whatever the browser prefers', () => {
    expect(request('/pay', { cookie: 'vi', acceptLanguage: 'vi' })).toEqual({
      kind: 'link-page',
      locale: 'en',
      audience: 'pay',
      token: null,
    });
    expect(request('/join', { acceptLanguage: 'ja' })).toEqual({ kind: 'pass', locale: 'en', page: '/join' });
  });

  it('moves /en/... permanently to the unprefixed path, in one hop', () => {
    expect(request('/en/pay', { search: '?x=1' })).toEqual({ kind: 'redirect', status: 308, location: '/pay?x=1' });
    expect(request('/en/privacy')).toEqual({ kind: 'redirect', status: 308, location: '/privacy' });
  });

  it('serves the English home at /en without negotiating, whatever the browser or the cookie prefers', () => {
    // The logo and home link of an English page lead here (lib/i18n/home.ts): a reader of English stays in it.
    for (const extra of [{}, { acceptLanguage: 'vi' }, { cookie: 'vi', acceptLanguage: 'ja' }]) {
      expect(request('/en', extra)).toEqual({ kind: 'home', setLocaleCookie: 'en', negotiated: false });
      expect(request('/en/', extra)).toEqual({ kind: 'home', setLocaleCookie: 'en', negotiated: false });
    }
  });

  it('moves /ja and /ja/... (the ISO code of the /jp prefix) to /jp in one permanent hop, keeping the query', () => {
    expect(request('/ja')).toEqual({ kind: 'redirect', status: 308, location: '/jp' });
    expect(request('/ja/', { search: '?a=1' })).toEqual({ kind: 'redirect', status: 308, location: '/jp?a=1' });
    expect(request('/ja/privacy', { search: '?a=1' })).toEqual({
      kind: 'redirect',
      status: 308,
      location: '/jp/privacy?a=1',
    });
    expect(request('/ja//evil.example')).toEqual({ kind: 'redirect', status: 308, location: '/jp/evil.example' });
  });

  it('reads the /jp prefix as the ja locale', () => {
    expect(request('/jp')).toEqual({ kind: 'pass', locale: 'ja', page: '/' });
    expect(request('/jp/pay')).toEqual({ kind: 'link-page', locale: 'ja', audience: 'pay', token: null });
  });

  it('answers unknown paths with the 404 of the locale they name', () => {
    expect(request('/nope')).toEqual({ kind: 'not-found', locale: 'en' });
    expect(request('/vi/nope')).toEqual({ kind: 'not-found', locale: 'vi' });
    expect(request('/jp/pay/extra')).toEqual({ kind: 'not-found', locale: 'ja' });
    expect(request('/pay/extra')).toEqual({ kind: 'not-found', locale: 'en' });
    expect(request('/missing.txt')).toEqual({ kind: 'not-found', locale: 'en' });
    // The internal routes of the status pages are no pages of the site either.
    expect(request('/vi/not-found-page')).toEqual({ kind: 'not-found', locale: 'vi' });
    expect(request('/vi/error-page')).toEqual({ kind: 'not-found', locale: 'vi' });
  });

  it('answers unknown prefixes with the English 404', () => {
    expect(request('/xx/pay')).toEqual({ kind: 'not-found', locale: 'en' });
    expect(request('/VI/pay')).toEqual({ kind: 'not-found', locale: 'en' });
  });

  it('lets every page of every locale through, the pages a link opens as link pages', () => {
    for (const { code, prefix } of localeTable) {
      for (const page of Object.values(pages)) {
        const path = code === 'en' ? page.path : `/${prefix}${page.path === '/' ? '' : page.path}`;
        if (path === '/') continue;
        const audience = page.path === '/pay' ? 'pay' : page.path === '/team' ? 'team' : null;
        expect(request(path)).toEqual(
          audience
            ? { kind: 'link-page', locale: code, audience, token: null }
            : { kind: 'pass', locale: code, page: page.path },
        );
      }
    }
  });

  it('carries a link’s token on its page, in every spelling of the page, and on no other page', () => {
    expect(request('/vi/team', { search: '?t=abc.def&x=1' })).toEqual({
      kind: 'link-page',
      locale: 'vi',
      audience: 'team',
      token: 'abc.def',
    });
    expect(request('/pay', { search: '?t=' })).toMatchObject({ kind: 'link-page', token: '' });
    expect(request('/join', { search: '?t=abc' })).toEqual({ kind: 'pass', locale: 'en', page: '/join' });
    expect(request('/en/pay', { search: '?t=abc' })).toEqual({ kind: 'redirect', status: 308, location: '/pay?t=abc' });
    expect(request('/vi/pay/x', { search: '?t=abc' })).toEqual({ kind: 'not-found', locale: 'vi' });
  });

  it.each(['/en//evil.example', '/en/\\evil.example', '/en/\\/evil.example', '/en///evil.example/'])(
    'keeps %j on this site',
    (pathname) => {
      const decision = request(pathname);
      expect(decision.kind).toBe('redirect');
      const location = (decision as { location: string }).location;
      expect(location).toMatch(/^\/(?![/\\])/);
      expect(new URL(location, 'https://site.example').origin).toBe('https://site.example');
    },
  );
});

describe('properties', () => {
  it('any Accept-Language and cookie give one of the 14 locales without throwing', () => {
    fc.assert(
      fc.property(fc.option(fc.string()), fc.option(fc.string()), (acceptLanguage, cookie) => {
        expect(locales).toContain(negotiateLocale({ acceptLanguage, cookie: cookie ?? undefined }));
      }),
      { numRuns: 500 },
    );
  });

  it('any request yields a Location on this site', () => {
    const segment = fc.oneof(
      fc.constantFrom('en', 'jp', 'vi', 'ja', '', '/', '\\', '%2F', 'evil.example'),
      fc.string(),
    );
    fc.assert(
      fc.property(
        fc.array(segment, { maxLength: 5 }),
        fc.string(),
        fc.option(fc.string()),
        fc.option(fc.string()),
        (segments, query, cookie, acceptLanguage) => {
          const decision = routeRequest({
            pathname: `/${segments.join('/')}`,
            search: query ? `?${encodeURIComponent(query)}` : '',
            cookie: cookie ?? undefined,
            acceptLanguage,
          });
          if (decision.kind === 'redirect') {
            expect(decision.location.startsWith('/')).toBe(true);
            expect(new URL(decision.location, 'https://site.example').origin).toBe('https://site.example');
          }
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('sameSitePath never yields a protocol-relative path', () => {
    fc.assert(
      fc.property(fc.string(), (path) => {
        expect(sameSitePath(path)).toMatch(/^\/(?![/\\])/);
      }),
    );
  });
});
