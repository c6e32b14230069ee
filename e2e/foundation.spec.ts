import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { message } from './support/messages';
import { rawLocation } from './support/raw-request';
import { pages } from '../lib/config/pages';
import { site } from '../lib/config/site';
import { localeTable, localizedPath } from '../lib/i18n/locales';
import { hydrated, progressBarListening } from './support/hydration';

test.describe('locale negotiation at the root', () => {
  test('redirects / to the Accept-Language match with 307, the query kept and the cookie set', async ({ request }) => {
    const response = await request.get('/?from=chat', {
      headers: { 'Accept-Language': 'ja,en;q=0.5' },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(307);
    expect(response.headers()['location']).toBe('/jp?from=chat');
    expect(response.headers()['vary']).toContain('Accept-Language');
    expect(response.headers()['cache-control']).toContain('no-store');
    expect(response.headers()['set-cookie']).toMatch(/i18n_redirected=jp;.*Path=\/.*Max-Age=31536000/i);
  });

  test('the cookie beats Accept-Language, and other paths are never redirected by language', async ({ request }) => {
    const root = await request.get('/', {
      headers: { 'Accept-Language': 'de', Cookie: 'i18n_redirected=vi' },
      maxRedirects: 0,
    });
    expect(root.headers()['location']).toBe('/vi');
    const join = await request.get('/join', {
      headers: { 'Accept-Language': 'vi', Cookie: 'i18n_redirected=vi' },
      maxRedirects: 0,
    });
    expect(join.status()).toBe(200);
    expect(await join.text()).toContain('<html lang="en"');
  });

  test('English is served at / itself for garbage or missing preferences', async ({ request }) => {
    for (const header of ['*', ';;;', 'x-klingon', '']) {
      const response = await request.get('/', { headers: { 'Accept-Language': header }, maxRedirects: 0 });
      expect(response.status()).toBe(200);
      expect(await response.text()).toContain('<html lang="en"');
    }
  });

  test('no Host or forwarded header can point the redirect elsewhere', async ({ request }) => {
    const response = await request.get('/', {
      headers: { 'Accept-Language': 'vi', Host: 'evil.example', 'X-Forwarded-Host': 'evil.example' },
      maxRedirects: 0,
    });
    expect(response.headers()['location']).toBe('/vi');
    for (const path of [
      '//evil.example',
      '/%2F%2Fevil.example',
      '/\\evil.example',
      '/en//evil.example',
      '/en/%5Cevil.example',
    ]) {
      const location = await rawLocation(path);
      if (location) expect(new URL(location, 'http://localhost').host).toBe('localhost');
    }
  });

  test('/en/... moves permanently to the unprefixed path', async ({ request }) => {
    const response = await request.get('/en/pay?x=1', { maxRedirects: 0 });
    expect(response.status()).toBe(308);
    expect(response.headers()['location']).toBe('/pay?x=1');
  });

  test('a browser preferring Japanese lands on /jp with <html lang="ja">', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'ja-JP' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveURL(/\/jp$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await context.close();
  });
});

test.describe('language switcher', () => {
  /** Opens the switcher and follows the link named in its own language. */
  async function pickLanguage(page: Page, name: string) {
    await page.locator('.language-switcher > summary').click();
    await page.getByRole('link', { name, exact: true }).click();
  }

  test('is closed at first (no other language is rendered), opens from the keyboard, and Escape closes it', async ({
    page,
  }) => {
    await page.goto('/vi/join');
    await hydrated(page);
    const summary = page.locator('.language-switcher > summary');
    await expect(summary).toContainText('Tiếng Việt');
    const japanese = page.locator('.language-switcher a[hreflang="ja"]');
    await expect(japanese).toBeHidden();
    expect(await japanese.evaluate((link) => link.checkVisibility())).toBe(false);

    await summary.focus();
    await page.keyboard.press('Enter');
    await expect(japanese).toBeVisible();
    await expect(japanese).toHaveAttribute('href', '/jp/join');
    await expect(page.getByRole('link', { name: 'Tiếng Việt', exact: true })).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await expect(japanese).toBeHidden();
    await expect(summary).toBeFocused();
  });

  test('on the landing, a language picked before the framework has started is remembered too', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'vi-VN' });
    const page = await context.newPage();
    // The framework never arrives: what happens is the plain link and the landing's inline script.
    await page.route('**/_next/static/chunks/**', (route) => route.abort());
    await page.goto('/vi');
    await pickLanguage(page, 'Deutsch');
    await expect(page).toHaveURL(/\/de$/);
    expect((await context.cookies()).find((c) => c.name === 'i18n_redirected')?.value).toBe('de');
    await page.unroute('**/_next/static/chunks/**');
    await page.goto('/');
    await expect(page).toHaveURL(/\/de$/);
    await context.close();
  });

  test('keeps page, query and hash, and the choice survives a reload of /', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'vi-VN' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveURL(/\/vi$/);

    await page.goto('/vi/join?ref=abc#telegram');
    await hydrated(page);
    await pickLanguage(page, 'English');
    await expect(page).toHaveURL(/\/join\?ref=abc#telegram$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected');
    expect(cookie?.value).toBe('en');

    await page.goto('/');
    await page.reload();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await hydrated(page);

    await pickLanguage(page, '日本語');
    await expect(page).toHaveURL(/\/jp$/);
    expect((await context.cookies()).find((c) => c.name === 'i18n_redirected')?.value).toBe('jp');
    await context.close();
  });
});

test.describe('not found', () => {
  for (const [path, locale] of [
    ['/does-not-exist', 'en'],
    ['/vi/does-not-exist', 'vi'],
    ['/xx/pay', 'en'],
  ] as const) {
    test(`${path} is a 404 with the ${locale} not-found page and a link home`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(message(locale, 'NotFound.heading'));
      const home = page.getByRole('link', { name: message(locale, 'NotFound.backHome') });
      // The English home by its never-negotiated URL: the visitor stays in the 404 page's language.
      await expect(home).toHaveAttribute('href', locale === 'en' ? '/en' : `/${locale}`);
    });
  }
});

test('Urdu is laid out right to left', async ({ page }) => {
  await page.goto('/ur');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ur');
});

test('the offline banner appears while offline and leaves when back online', async ({ page, context }) => {
  await page.goto('/join');
  await hydrated(page);
  const banner = page.getByRole('status').filter({ hasText: message('en', 'OfflineBanner.message') });
  await expect(banner).toHaveCount(0);
  await context.setOffline(true);
  await expect(banner).toBeVisible();
  await context.setOffline(false);
  await expect(banner).toHaveCount(0);
});

test('the progress bar shows for a slow navigation and finishes', async ({ page }) => {
  // The next page's data (a prefetch included) is held until the bar has been seen, and released
  // then: the navigation is slow for as long as the test needs to look, however busy the machine,
  // and no timer decides whether the bar had its chance to appear.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/terms**', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/join');
  await progressBarListening(page);
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: message('en', 'PolicyLinks.terms') })
    .click();
  await expect(page.locator('#nprogress .bar')).toBeVisible();
  release();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.locator('#nprogress .bar')).toHaveCount(0);
});

test('every response carries the security headers', async ({ request }) => {
  for (const path of ['/', '/vi', '/pay', '/api/health', '/does-not-exist']) {
    const headers = (await request.get(path, { maxRedirects: 0 })).headers();
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBeTruthy();
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['permissions-policy']).toBeTruthy();
    expect(headers['x-powered-by']).toBeUndefined();
    // HSTS only outside localhost.
    expect(headers['strict-transport-security']).toBeUndefined();
  }
});

test('only the pages with a person’s data cut window references to other sites (COOP); public pages stay in the tab’s process', async ({
  request,
}) => {
  // PayPal's approval window talks back to the pay page, so it allows the popups it opens.
  const expected: Record<string, string | null> = {
    '/': null,
    '/vi': null,
    '/ur': null,
    '/jp': null,
    '/join': null,
    '/jp/terms': null,
    '/does-not-exist': null,
    '/pay': 'same-origin-allow-popups',
    '/vi/pay': 'same-origin-allow-popups',
    '/jp/pay': 'same-origin-allow-popups',
    '/team': 'same-origin',
    '/vi/team': 'same-origin',
  };
  for (const [path, coop] of Object.entries(expected)) {
    const headers = (await request.get(path, { maxRedirects: 0 })).headers();
    expect({ path, coop: headers['cross-origin-opener-policy'] ?? null }).toEqual({ path, coop });
  }
});

test('crawlers get a sitemap of public pages in every locale, robots rules and hreflang', async ({ request, page }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const path of ['/join', '/vi/join', '/jp/terms', '/ur/privacy']) expect(sitemap).toContain(`${path}</loc>`);
  expect(sitemap).not.toMatch(/\/(pay|team)<\/loc>/);
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Sitemap:');

  await page.goto('/vi/join');
  const alternates = page.locator('head link[rel="alternate"][hreflang]');
  await expect(alternates).toHaveCount(15);
  await expect(page.locator('head link[hreflang="ja"]')).toHaveAttribute('href', /\/jp\/join$/);
  await expect(page.locator('head link[hreflang="x-default"]')).toHaveAttribute('href', /\/join$/);
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', /\/vi\/join$/);

  await page.goto('/vi/pay');
  await expect(page.locator('head meta[name="robots"]')).toHaveAttribute('content', /noindex/);
});

test('every page in every locale has a title and description naming the brand, and no "undefined" in its text', async ({
  request,
}) => {
  // Precompiled messages render a value the caller forgot as the word "undefined" instead of failing.
  const problems: string[] = [];
  for (const { code } of localeTable) {
    for (const { path } of Object.values(pages)) {
      const url = localizedPath(code, path);
      const html = await (await request.get(url)).text();
      const title = html.match(/<title>([^<]*)<\/title>/)?.[1] ?? '';
      const description = html.match(/<meta name="description" content="([^"]*)"/)?.[1] ?? '';
      const text = html.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<[^>]+>/g, ' ');
      if (!title.includes(site.name)) problems.push(`${url}: title "${title}"`);
      if (!description.includes(site.name)) problems.push(`${url}: description "${description}"`);
      for (const [where, value] of Object.entries({ title, description, text }))
        if (/\bundefined\b|\{\w+\}/.test(value))
          problems.push(`${url}: ${where} has "undefined" or a raw {placeholder}`);
    }
  }
  expect(problems).toEqual([]);
});

test.describe('accessibility (axe, WCAG 2.1 AA)', () => {
  // axe judges what a visitor sees once things have settled: an entrance animation caught halfway
  // (a card at half opacity) would read as low contrast. The animations have their own test
  // (e2e/motion.spec.ts).
  test.use({ reducedMotion: 'reduce' });
  for (const path of ['/', '/join', '/terms', '/pay', '/team', '/does-not-exist', '/ur', '/vi/join']) {
    test(`${path} has no violations`, async ({ page }) => {
      await page.goto(path);
      // Checked as visitors use it: after the framework has started.
      await hydrated(page);
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
        [],
      );
    });
  }
});
