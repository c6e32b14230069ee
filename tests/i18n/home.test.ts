import { homeHref, switchablePath, switcherHref } from '@/lib/i18n/home';
import { routeRequest } from '@/lib/i18n/route-request';
import { localeTable, localizedPath } from '@/lib/i18n/locales';

const decide = (pathname: string) => routeRequest({ pathname, search: '', cookie: 'vi', acceptLanguage: 'ja' }).kind;

describe('links home', () => {
  it('lead to a home the proxy never negotiates, in every locale (English: /en, not /)', () => {
    for (const { code } of localeTable) {
      const home = homeHref(code);
      expect(home).not.toBe('/');
      expect({ code, decision: decide(home) }).toEqual({ code, decision: code === 'en' ? 'home' : 'pass' });
      expect(routeRequest({ pathname: home, search: '', cookie: 'vi', acceptLanguage: 'ja' })).not.toHaveProperty(
        'location',
      );
    }
    expect(homeHref('en', 'pricing')).toBe('/en#pricing');
    expect(homeHref('ja', 'pricing')).toBe('/jp#pricing');
  });

  it('the language switcher offers each locale’s home on the status pages, never their internal routes', () => {
    expect(switchablePath('/not-found-page')).toBe('/');
    expect(switchablePath('/error-page')).toBe('/');
    expect(switchablePath('/join')).toBe('/join');
    for (const { code } of localeTable) {
      expect(switcherHref(code, '/not-found-page')).toBe(homeHref(code));
      expect(switcherHref(code, '/privacy')).toBe(localizedPath(code, '/privacy'));
    }
  });
});
