import fc from 'fast-check';
import { localeFromAcceptLanguage, negotiateLocale } from '@/lib/i18n/negotiate';
import { routeRequest, sameSitePath } from '@/lib/i18n/route-request';
import { locales, localeTable } from '@/lib/i18n/locales';

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
    expect(request('/')).toEqual({ kind: 'rewrite', pathname: '/en', setLocaleCookie: 'en' });
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
    expect(request('/pay', { cookie: 'vi', acceptLanguage: 'vi' })).toEqual({ kind: 'rewrite', pathname: '/en/pay' });
    expect(request('/join', { acceptLanguage: 'ja' })).toEqual({ kind: 'rewrite', pathname: '/en/join' });
  });

  it('moves /en/... permanently to the unprefixed path', () => {
    expect(request('/en/pay', { search: '?x=1' })).toEqual({ kind: 'redirect', status: 308, location: '/pay?x=1' });
    expect(request('/en')).toEqual({ kind: 'redirect', status: 308, location: '/' });
  });

  it('maps the /jp prefix onto the ja locale', () => {
    expect(request('/jp')).toEqual({ kind: 'rewrite', pathname: '/ja' });
    expect(request('/jp/pay')).toEqual({ kind: 'rewrite', pathname: '/ja/pay' });
  });

  it('sends unknown prefixes, and /ja itself, to the English catch-all (404)', () => {
    expect(request('/xx/pay')).toEqual({ kind: 'rewrite', pathname: '/en/xx/pay' });
    expect(request('/ja/pay')).toEqual({ kind: 'rewrite', pathname: '/en/ja/pay' });
    expect(request('/VI/pay')).toEqual({ kind: 'rewrite', pathname: '/en/VI/pay' });
  });

  it('lets prefixed locale paths through untouched', () => {
    for (const { code, prefix } of localeTable) {
      if (code !== 'en' && code === prefix) expect(request(`/${prefix}/pay`)).toEqual({ kind: 'pass' });
    }
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
