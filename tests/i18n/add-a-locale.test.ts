import type * as LocaleTableModule from '@/lib/i18n/locale-table.mjs';
import englishMessages from '@/messages/en.json';
import { pages } from '@/lib/config/pages';
import { currencies } from '@/lib/pricing/catalogue';
import { nextConfigRoutes, routeOf } from '@/tests/support/next-config-routes';
import { messageFileGaps, missingGlossaryTerms } from './support/locale-coverage';

// The rule: adding a locale is one row in lib/i18n/locale-table.mjs and its messages file
// (CONTRIBUTING.md, "Adding a locale"). This suite adds a 15th row in memory, without touching any
// file, and checks that every place that serves a locale takes it from the row: routing, the proxy's
// matcher and routing decision, negotiation, hreflang and the sitemap, the switcher, `<html lang dir>`,
// the currency and Intl, the preview cards' and fonts' lists, and next.config.mjs's rewrites and
// redirects for a prefix that is not its code. What cannot come from the row is the translation
// itself (messages/<code>.json and the locale's glossary terms, which tests/i18n/messages.test.ts
// requires, and the last tests show it naming what a new row lacks) and, for a script the site does
// not draw yet, its fonts.

jest.mock('next/navigation', () => ({
  ...jest.requireActual<object>('next/navigation'),
  usePathname: () => '/en/join',
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), prefetch: jest.fn() }),
  useParams: () => ({ locale: 'en' }),
}));

type Row = { code: string; prefix: string; tag: string; name: string; dir: 'ltr' | 'rtl'; currency: string };

const newRows: Row[] = [
  // A prefix that is not its code (as `jp` is for `ja`: `iw` is Hebrew's withdrawn code), right to left.
  { code: 'he', prefix: 'iw', tag: 'he-IL', name: 'עברית', dir: 'rtl', currency: 'USD' },
  // A three-letter code, its own prefix, in the other currency of the catalogue.
  { code: 'fil', prefix: 'fil', tag: 'fil-PH', name: 'Filipino', dir: 'ltr', currency: 'VND' },
];

const staticPages = Object.values(pages)
  .map((page) => page.path)
  .filter((path) => path !== '/' && path !== '/pay' && path !== '/team');

describe.each(newRows)('a 15th row, $code at /$prefix', (row) => {
  const { code, prefix, tag, name, dir, currency } = row;

  /** The site's modules, loaded afresh with the table plus `row` (the rows' file is the only mock). */
  async function withRow() {
    jest.resetModules();
    const withRowAdded = () => {
      const actual = jest.requireActual<typeof LocaleTableModule>('@/lib/i18n/locale-table.mjs');
      const localeTable = [...actual.localeTable, row];
      return {
        ...actual,
        localeTable,
        prefixAliases: (table: Parameters<typeof actual.prefixAliases>[0] = localeTable as never) =>
          actual.prefixAliases(table),
      };
    };
    // TypeScript modules require the table; next.config.mjs and the build scripts import it, which from
    // Node 22.12 on Jest loads as the ES module it is, mocked only through unstable_mockModule.
    jest.doMock('@/lib/i18n/locale-table.mjs', withRowAdded);
    (jest as typeof jest & { unstable_mockModule: typeof jest.doMock }).unstable_mockModule(
      '@/lib/i18n/locale-table.mjs',
      withRowAdded,
    );
    // The layout outside a request: its translations and client messages come from no request scope.
    jest.doMock('next-intl/server', () => ({
      ...jest.requireActual<object>('next-intl/server'),
      getTranslations: async () => (key: string) => key,
      getMessages: async () => englishMessages,
    }));
    return {
      locales: await import('@/lib/i18n/locales'),
      routing: (await import('@/lib/i18n/routing')).routing,
      negotiate: await import('@/lib/i18n/negotiate'),
      routeRequest: (await import('@/lib/i18n/route-request')).routeRequest,
      home: await import('@/lib/i18n/home'),
      cookie: await import('@/lib/i18n/locale-cookie'),
      fonts: await import('@/lib/i18n/fonts'),
      seo: await import('@/lib/server/seo'),
      env: (await import('@/lib/server/env')).env,
      sitemap: (await import('@/app/sitemap')).default,
      gateways: await import('@/lib/shared/gateway-offer'),
      proxyConfig: (await import('@/proxy')).config,
      nextConfig: await nextConfigRoutes(),
      og: await import('@/scripts/og/inputs.mjs'),
      switcher: (await import('@/components/layout/language-switcher')).LanguageSwitcher,
      layout: (await import('@/app/[locale]/layout')).default,
      // From the same fresh module registry as the switcher, so they share React's and next-intl's contexts.
      react: await import('react'),
      server: await import('react-dom/server'),
      intl: await import('next-intl'),
    };
  }

  let site: Awaited<ReturnType<typeof withRow>>;
  beforeAll(async () => {
    site = await withRow();
  });
  afterAll(() => {
    jest.dontMock('@/lib/i18n/locale-table.mjs');
    jest.dontMock('next-intl/server');
    jest.resetModules();
  });

  it('is a locale of the table, next-intl routing and the `[locale]` params, with its prefix', () => {
    const { locales, routing } = site;
    expect(locales.localeTable).toHaveLength(15);
    expect(locales.isLocale(code)).toBe(true);
    expect(locales.localeFromPrefix(prefix)).toBe(code);
    expect(locales.localizedPath(code as never, '/join')).toBe(`/${prefix}/join`);
    expect(routing.locales).toContain(code);
    const prefixes = (routing.localePrefix as { prefixes?: Record<string, string> }).prefixes ?? {};
    expect(prefixes[code]).toBe(prefix === code ? undefined : `/${prefix}`);
  });

  it('has `<html lang dir>` and the Intl tag and currency of its row; the currency is the catalogue’s', async () => {
    const info = site.locales.localeInfo(code as never);
    // What the `[locale]` layout renders for it: the document element, in its language and direction.
    const html = (await site.layout({ children: null, params: Promise.resolve({ locale: code }) } as never)) as {
      type: string;
      props: { lang: string; dir: string };
    };
    expect({ element: html.type, lang: html.props.lang, dir: html.props.dir }).toEqual({
      element: 'html',
      lang: code,
      dir,
    });
    expect(info).toMatchObject({ code, dir, tag, currency });
    expect(currencies).toContain(info.currency);
    // The pay page starts on a gateway charging in the locale's currency.
    const choices = currencies.map((c) => ({ id: c, currency: c, available: true }));
    expect(site.gateways.preferredGateway(choices as never, info.currency)?.currency).toBe(currency);
    expect(new Intl.NumberFormat(info.tag, { style: 'currency', currency: info.currency }).format(12)).toMatch(/12/);
  });

  it('is negotiated from Accept-Language and from the cookie, and `/` sends its readers to its prefix', () => {
    const { negotiate, routeRequest, cookie } = site;
    expect(negotiate.localeFromAcceptLanguage(`${tag},en;q=0.5`)).toBe(code);
    expect(negotiate.negotiateLocale({ cookie: undefined, acceptLanguage: `${code};q=0.9,xx` })).toBe(code);
    expect(cookie.localeCookieFor(code as never)).toMatch(new RegExp(`^i18n_redirected=${prefix};`));
    expect(negotiate.negotiateLocale({ cookie: prefix, acceptLanguage: 'en' })).toBe(code);
    expect(routeRequest({ pathname: '/', search: '', cookie: undefined, acceptLanguage: tag })).toEqual({
      kind: 'redirect',
      status: 307,
      location: `/${prefix}`,
      setLocaleCookie: code,
    });
  });

  it('is routed by the proxy: its pay and team pages pass, an unknown path gets its 404', () => {
    const { routeRequest } = site;
    const at = (pathname: string) => routeRequest({ pathname, search: '', cookie: undefined, acceptLanguage: null });
    expect(at(`/${prefix}/pay`)).toEqual({ kind: 'link-page', locale: code, audience: 'pay', token: null });
    expect(at(`/${prefix}/team`)).toEqual({ kind: 'link-page', locale: code, audience: 'team', token: null });
    expect(at(`/${prefix}/nope`)).toEqual({ kind: 'not-found', locale: code });
  });

  it('has its prerendered pages skipped by the proxy matcher, and its pay and team pages run it', () => {
    const matcher = new RegExp(`^${site.proxyConfig.matcher[0]}$`);
    for (const path of [`/${prefix}`, ...staticPages.map((page) => `/${prefix}${page}`)]) {
      expect({ path, runs: matcher.test(path) }).toEqual({ path, runs: false });
    }
    for (const path of [`/${prefix}/pay`, `/${prefix}/team`, `/${prefix}/nope`, `/${prefix}/join/extra`]) {
      expect({ path, runs: matcher.test(path) }).toEqual({ path, runs: true });
    }
  });

  it('gets next.config.mjs’s rewrite onto `[locale]` and redirect from its code when its prefix is not its code', () => {
    const { redirects, rewrites } = site.nextConfig;
    for (const page of ['', '/join', '/pay', '/privacy']) {
      const rewritten = routeOf(rewrites, `/${prefix}${page}`);
      const redirected = routeOf(redirects, `/${code}${page}`);
      if (prefix === code) {
        // Served by the `[locale]` route as it is: nothing to map.
        expect(rewritten).toBeNull();
        expect(redirected).toBeNull();
      } else {
        expect(rewritten).toEqual({ destination: `/${code}${page}` });
        expect(redirected).toEqual({ destination: `/${prefix}${page}`, permanent: true });
      }
    }
    // The locales already there keep theirs.
    expect(routeOf(redirects, '/ja/terms')).toEqual({ destination: '/jp/terms', permanent: true });
    expect(routeOf(rewrites, '/jp/terms')).toEqual({ destination: '/ja/terms' });
  });

  it('is in every page’s hreflang and in the sitemap', () => {
    const site_ = site.env().SITE_URL;
    expect(site.seo.languageAlternates('/join')[code]).toBe(`${site_}/${prefix}/join`);
    expect(site.seo.languageAlternates('/')[code]).toBe(`${site_}/${prefix}`);
    const urls = site.sitemap().map((entry) => entry.url);
    expect(urls).toContain(`${site_}/${prefix}`);
    expect(urls).toContain(`${site_}/${prefix}/privacy`);
  });

  it('is offered by the language switcher, by its own name, at its prefix', () => {
    const { react, server, intl } = site;
    const html = server.renderToStaticMarkup(
      react.createElement(intl.NextIntlClientProvider, {
        locale: 'en',
        messages: englishMessages,
        timeZone: 'UTC',
        children: react.createElement(site.switcher),
      }),
    );
    expect(html).toContain(`>${name}<`);
    expect(html).toContain(`href="${site.home.switcherHref(code as never, '/join')}"`);
    expect(site.home.switcherHref(code as never, '/join')).toBe(`/${prefix}/join`);
  });

  it('gets its preview cards drawn, and no first-view font unless its script is given one', () => {
    expect(site.og.ogLocales()).toContainEqual({ code, tag, dir });
    expect(site.fonts.firstViewFont(code as never)).toBeUndefined();
  });
});

describe('what a new locale needs besides its row', () => {
  it.each(newRows)(
    'the messages test names $code’s missing messages file and glossary terms until they are written',
    async (row) => {
      jest.resetModules();
      jest.doMock('@/lib/i18n/locale-table.mjs', () => {
        const actual = jest.requireActual<typeof LocaleTableModule>('@/lib/i18n/locale-table.mjs');
        return { ...actual, localeTable: [...actual.localeTable, row] };
      });
      const { localeTable } = await import('@/lib/i18n/locales');
      jest.dontMock('@/lib/i18n/locale-table.mjs');
      expect(messageFileGaps(localeTable)).toEqual({ missing: [row.code], extra: [] });
      const missing = missingGlossaryTerms(localeTable);
      expect(missing.length).toBeGreaterThan(0);
      expect(missing.every((entry) => entry.endsWith(`.${row.code}`))).toBe(true);
    },
  );
});
