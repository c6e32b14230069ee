import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { localeTable } from '../lib/i18n/locales';
import { message } from './support/messages';
import { openLink, payLink, teamLink } from './support/links';
import { hydrated } from './support/hydration';

// What curl, a crawler or a reader without JavaScript receives: the raw server HTML and headers.
const distDir = process.env.NEXT_DIST_DIR ?? '.next-e2e';
/** Text as React writes it into HTML. */
const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;');

test.describe('404s are real HTML in the requested locale', () => {
  const cases: Array<[string, string, string]> = [
    ...localeTable.map(({ code, prefix }): [string, string, string] =>
      code === 'en' ? ['/nope', 'en', '/en'] : [`/${prefix}/nope`, code, `/${prefix}`],
    ),
    // English's home link is /en, the home that never negotiates (lib/i18n/home.ts); /ja/... moves to
    // /jp/... (e2e/language-stays.spec.ts).
    ['/xx/pay', 'en', '/en'],
    ['/pay/extra', 'en', '/en'],
    ['/vi/join/extra', 'vi', '/vi'],
    ['/missing.txt', 'en', '/en'],
    ['/vi/error-page', 'vi', '/vi'],
  ];
  for (const [path, locale, home] of cases) {
    test(`${path} → 404, <html lang="${locale}">, heading, text and home link in the server HTML, noindex, not cached`, async ({
      request,
    }) => {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status()).toBe(404);
      const html = await response.text();
      expect(html).not.toContain('__next_error__');
      expect(html).toMatch(new RegExp(`<html lang="${locale}"`));
      expect(html).toContain(`>${escape(message(locale, 'NotFound.heading'))}</h1>`);
      expect(html).toContain(escape(message(locale, 'NotFound.body')));
      expect(html).toMatch(
        new RegExp(`<a [^>]*href="${home}"[^>]*>${escape(message(locale, 'NotFound.backHome'))}</a>`),
      );
      expect(html).toMatch(/<meta name="robots" content="noindex/);
      const cacheControl = response.headers()['cache-control'] ?? '';
      expect(cacheControl).toContain('no-store');
      expect(cacheControl).not.toMatch(/s-maxage|max-age=[1-9]/);
    });
  }
});

test('the error page the request layer answers failures with is prerendered HTML in every locale', () => {
  // The proxy serves these files with status 500 (tests/i18n/proxy-status.test.ts); here: their content.
  for (const { code, prefix } of localeTable) {
    const html = readFileSync(join(distDir, 'server', 'app', code, 'error-page.html'), 'utf8');
    expect(html).toMatch(new RegExp(`<html lang="${code}"`));
    expect(html).toContain(`>${escape(message(code, 'Error.heading'))}</h1>`);
    expect(html).toContain(escape(message(code, 'Error.body')));
    const home = code === 'en' ? '/en' : `/${prefix}`;
    expect(html).toMatch(new RegExp(`<a [^>]*href="${home}"[^>]*>${escape(message(code, 'Error.backHome'))}</a>`));
    expect(html).toMatch(/<meta name="robots" content="noindex/);
  }
});

test.describe('response headers and methods', () => {
  test('the English answer at / varies on Accept-Language and Cookie', async ({ request }) => {
    const response = await request.get('/', { maxRedirects: 0 });
    expect(response.status()).toBe(200);
    const vary = response.headers()['vary'] ?? '';
    expect(vary).toContain('Accept-Language');
    expect(vary).toContain('Cookie');
    expect(response.headers()['cache-control']).toContain('private');
  });

  test('no response exposes x-middleware-rewrite', async ({ request }) => {
    for (const path of ['/', '/join', '/jp', '/jp/terms', '/nope', '/xx/pay', '/vi/nope', '/pay', '/team']) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect({ path, rewrite: response.headers()['x-middleware-rewrite'] }).toEqual({ path, rewrite: undefined });
    }
  });

  test('a 405 says which methods are allowed', async ({ request }) => {
    const put = await request.put('/api/checkout', { data: {} });
    expect(put.status()).toBe(405);
    expect(put.headers()['allow']).toBe('OPTIONS, POST');
    const post = await request.post('/api/health');
    expect(post.status()).toBe(405);
    expect(post.headers()['allow']).toBe('GET, HEAD, OPTIONS');
  });

  test('the VNPay sandbox answers a non-form body with 400, not an empty 500', async ({ request }) => {
    const response = await request.post('/api/payments/vnpay/sandbox', {
      headers: { 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/json' },
      data: '{"payment":"x","action":"approve"}',
    });
    expect(response.status()).toBe(400);
  });

  test('canonical URLs and hreflang name the port the site runs on, also in prerendered pages', async ({
    request,
    baseURL,
  }) => {
    for (const path of ['/join', '/vi/terms', '/']) {
      const html = await (await request.get(path)).text();
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
      expect(new URL(canonical!).origin).toBe(new URL(baseURL!).origin);
      expect(html).toContain(`hrefLang="ja" href="${new URL(baseURL!).origin}/jp`);
    }
  });
});

test.describe('Content-Security-Policy', () => {
  const scriptSrc = (policy: string) => policy.split(/;\s*/).find((d) => d.startsWith('script-src')) ?? '';

  test('no page allows inline scripts by unsafe-inline, and only /pay names PayPal', async ({ request }) => {
    for (const path of ['/', '/vi', '/join', '/jp/terms', '/team', '/pay', '/vi/pay', '/nope', '/api/health']) {
      const policy = (await request.get(path, { maxRedirects: 0 })).headers()['content-security-policy'] ?? '';
      expect({ path, script: scriptSrc(policy) }).not.toEqual({ path, script: expect.stringContaining('unsafe') });
      expect(policy).toContain("frame-ancestors 'none'");
      expect({ path, paypal: policy.includes('paypal') }).toEqual({ path, paypal: /\/pay$/.test(path) });
    }
  });

  /** Records CSP violations the page reports, from before its first script runs. */
  async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
    const console: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) console.push(m.text());
    });
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __csp: string[] }).__csp = seen;
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    return async () => [...console, ...(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp))];
  }

  const pages: Array<[string, () => Promise<string>]> = [
    ['landing (English at /, served by the proxy)', async () => '/'],
    ['landing (prefixed, prerendered)', async () => '/vi'],
    ['content page through the English rewrite', async () => '/join'],
    ['policy page through the /jp rewrite', async () => '/jp/terms'],
    ['team page without a session', async () => '/team'],
    ['team page of an admin (dynamic, nonce)', async () => teamLink({ user: '1001', team: '-1002001', prefix: '/vi' })],
    ['Urdu landing (its first-view font script in <head>)', async () => '/ur'],
    [
      'Urdu team page of an admin (dynamic, nonce; its first-view font script in <head>)',
      async () => teamLink({ user: '1001', team: '-1002001', prefix: '/ur' }),
    ],
    ['404 page', async () => '/vi/nope'],
    ['pay page (prerendered, its hashes and PayPal’s hosts)', async () => payLink({ user: '1001', team: '-1002001' })],
  ];
  for (const [name, url] of pages) {
    test(`${name} hydrates under the policy with no violation`, async ({ page }) => {
      const violations = await watchViolations(page);
      await openLink(page, await url());
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      expect(await violations()).toEqual([]);
    });
  }

  test('the pay page loads PayPal’s script and renders its buttons under the policy with no violation', async ({
    page,
  }) => {
    const violations = await watchViolations(page);
    await openLink(page, await payLink({ user: '1001', team: '-1002001' }));
    await hydrated(page);
    // Individual Pro: a plan that may already renew through PayPal shows no second set of buttons.
    await page
      .getByTestId('plan-form')
      .getByRole('radio', { name: message('en', 'Plans.names.individual_pro') })
      .check();
    await page
      .getByTestId('plan-form')
      .getByRole('radio', { name: message('en', 'PayPage.form.gateways.paypal') })
      .check();
    // The SDK is a script added at run time (the sandbox's stand-in here; PayPal's hosts in production).
    await expect(page.getByTestId('plan-form').getByTestId('paypal-sandbox-button')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
  });

  for (const [name, url] of [
    ['a prerendered page', async () => '/join'],
    ['the pay page', async () => payLink({ user: '1001', team: '-1002001' })],
    ['the team page (nonce)', async () => teamLink({ user: '1001', team: '-1002001' })],
  ] as const) {
    test(`an injected inline script is blocked and reported on ${name}`, async ({ page }) => {
      const violations = await watchViolations(page);
      await openLink(page, await url());
      await hydrated(page);
      await page.evaluate(() => {
        const script = document.createElement('script');
        script.textContent = 'window.__injected = true';
        document.body.append(script);
      });
      await expect.poll(violations).toContainEqual(expect.stringContaining('script-src'));
      expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
    });
  }

  test('client navigation between pages keeps working (router fetches are not documents)', async ({ page }) => {
    const violations = await watchViolations(page);
    await page.goto('/join');
    await hydrated(page);
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: message('en', 'PolicyLinks.terms') })
      .click();
    await expect(page).toHaveURL(/\/terms$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/join$/);
    expect(await violations()).toEqual([]);
  });
});
