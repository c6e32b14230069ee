import { test, expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { message } from './support/messages';
import { hydrated } from './support/hydration';
import { localeTable, localizedPath } from '../lib/i18n/locales';

/**
 * A visitor stays in the language they are reading: `/` negotiates only for a first arrival, and every
 * link home on a page leads to that page's locale. English pages link their home as `/en`, which is
 * never negotiated (lib/i18n/home.ts).
 */
const englishHeading = message('en', 'HomePage.hero.heading');

async function vietnameseBrowser(browser: Browser, javaScriptEnabled: boolean) {
  // Chromium's Accept-Language comes from the context's locale: `vi-VN,vi;q=0.9`.
  const context = await browser.newContext({ locale: 'vi-VN', javaScriptEnabled });
  return { context, page: await context.newPage() };
}

async function expectEnglishHome(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('.hero h1')).toHaveText(englishHeading);
  expect(new URL(page.url()).pathname).toBe('/en');
}

for (const javaScriptEnabled of [false, true]) {
  const mode = javaScriptEnabled ? 'with JavaScript' : 'without JavaScript';
  test(`a browser preferring Vietnamese, reading /privacy in English, gets the English home from the logo and the home link (${mode})`, async ({
    browser,
  }) => {
    const { context, page } = await vietnameseBrowser(browser, javaScriptEnabled);
    // The negotiation itself is unchanged: a first arrival at / goes to Vietnamese.
    const first = await page.request.get('/', { maxRedirects: 0, headers: { 'Accept-Language': 'vi-VN,vi;q=0.9' } });
    expect(first.headers()['location']).toBe('/vi');

    await page.goto('/privacy');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    if (javaScriptEnabled) await hydrated(page);
    await page.locator('.site-header__brand').click();
    await expectEnglishHome(page);

    await page.goto('/privacy');
    if (javaScriptEnabled) await hydrated(page);
    await page
      .getByRole('navigation')
      .getByRole('link', { name: message('en', 'Navigation.home'), exact: true })
      .click();
    await expectEnglishHome(page);

    // A section link from another English page: the English home, scrolled to that section.
    await page.goto('/join');
    if (javaScriptEnabled) await hydrated(page);
    await page
      .getByRole('navigation')
      .getByRole('link', { name: message('en', 'Navigation.pricing'), exact: true })
      .click();
    await expect(page).toHaveURL(/\/en#pricing$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await context.close();
  });
}

test('reaching the English home by its link remembers English: / then opens in English for that browser', async ({
  browser,
}) => {
  const { context, page } = await vietnameseBrowser(browser, false);
  await page.goto('/privacy');
  await page.locator('.site-header__brand').click();
  await expectEnglishHome(page);
  expect((await context.cookies()).find((c) => c.name === 'i18n_redirected')?.value).toBe('en');
  await page.goto('/');
  expect(new URL(page.url()).pathname).toBe('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await context.close();
});

test('the English home at /en answers 200 without negotiating, with / as its canonical URL', async ({ request }) => {
  const response = await request.get('/en', {
    headers: { 'Accept-Language': 'vi', Cookie: 'i18n_redirected=ja' },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain('<html lang="en"');
  expect(html).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+"\/?>|<link rel="canonical" href="[^"]*\/"/);
  expect(response.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
});

test('on every page of every locale, the logo and the home link lead to that locale’s own home (no negotiation)', async ({
  request,
}) => {
  for (const { code } of localeTable) {
    for (const page of ['/', '/join', '/privacy']) {
      const html = await (await request.get(localizedPath(code, page))).text();
      const home = code === 'en' ? '/en' : localizedPath(code, '/');
      const brand = /<a[^>]*class="site-header__brand"[^>]*>/.exec(html)?.[0] ?? '';
      expect({ code, page, brand: /href="([^"]*)"/.exec(brand)?.[1] }).toEqual({ code, page, brand: home });
      // No link on the page goes to `/` (the negotiating root), in any locale.
      expect({ code, page, root: /<a [^>]*href="\/(?:#[^"]*)?"/.test(html) }).toEqual({ code, page, root: false });
    }
  }
});

/** Follows redirects one at a time; the hops and where they end. */
async function follow(request: APIRequestContext, path: string) {
  const hops: string[] = [];
  let url = path;
  for (;;) {
    const response = await request.get(url, { maxRedirects: 0, headers: { 'Accept-Language': 'vi' } });
    const location = response.headers()['location'];
    if (response.status() < 300 || response.status() >= 400 || !location) {
      return { hops, status: response.status(), path: new URL(url, 'http://x').pathname, response };
    }
    hops.push(`${response.status()} ${location}`);
    url = location;
    if (hops.length > 5) throw new Error(`redirect loop at ${path}: ${hops.join(', ')}`);
  }
}

test('/en and /en/... reach the English page in at most one redirect (/en/ included)', async ({ request }) => {
  expect(await follow(request, '/en')).toMatchObject({ hops: [], status: 200, path: '/en' });
  expect(await follow(request, '/en/')).toMatchObject({ hops: ['308 /en'], status: 200, path: '/en' });
  expect(await follow(request, '/en/privacy')).toMatchObject({ hops: ['308 /privacy'], status: 200, path: '/privacy' });
  expect(await follow(request, '/en/join?ref=x')).toMatchObject({ hops: ['308 /join?ref=x'], status: 200 });
});

test('/ja and /ja/... (the ISO code of the /jp prefix) move to /jp in one permanent redirect', async ({ request }) => {
  expect(await follow(request, '/ja')).toMatchObject({ hops: ['308 /jp'], status: 200, path: '/jp' });
  expect(await follow(request, '/ja/privacy?x=1')).toMatchObject({
    hops: ['308 /jp/privacy?x=1'],
    status: 200,
    path: '/jp/privacy',
  });
  const html = await (await follow(request, '/ja/join')).response.text();
  expect(html).toContain('<html lang="ja"');
  // A page /jp does not have is still a Japanese 404 after the move.
  expect(await follow(request, '/ja/nope')).toMatchObject({ hops: ['308 /jp/nope'], status: 404 });
});

test('/favicon.ico is an icon (200) and the Apple touch icon is a 180×180 PNG linked from every page and served at /apple-touch-icon.png', async ({
  request,
}) => {
  const favicon = await request.get('/favicon.ico');
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()['content-type']).toMatch(/image\/(x-icon|vnd\.microsoft\.icon)/);
  const ico = await favicon.body();
  expect([...ico.subarray(0, 4)]).toEqual([0, 0, 1, 0]); // ICONDIR: reserved 0, type 1 (icon)
  expect(ico.readUInt16LE(4)).toBeGreaterThan(0);

  const html = await (await request.get('/vi/privacy')).text();
  const apple = /<link rel="apple-touch-icon" href="([^"]+)"[^>]*>/.exec(html);
  expect(apple?.[0]).toContain('sizes="180x180"');
  const png = await request.get(apple![1]!.replaceAll('&amp;', '&'));
  expect(png.status()).toBe(200);
  expect(png.headers()['content-type']).toBe('image/png');
  const bytes = await png.body();
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }).toEqual({ width: 180, height: 180 });

  // The address a device asks for without reading the page leads to the same icon.
  const bare = await request.get('/apple-touch-icon.png');
  expect(bare.status()).toBe(200);
  expect(bare.headers()['content-type']).toBe('image/png');
  expect(Buffer.compare(await bare.body(), bytes)).toBe(0);
});
