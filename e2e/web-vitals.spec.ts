import { test, expect } from '@playwright/test';

// A sampled page view reports its Web Vitals once, when hidden, to /api/vitals: the page's key and
// locale, never its URL, and no cookie (docs/serving.md#real-users-web-vitals).
test('a sampled view reports its page key, locale and vitals once hidden, without a cookie', async ({
  page,
  context,
}) => {
  // Every view sampled (the switch compares Math.random() with the sample rate).
  await page.addInitScript(() => {
    Math.random = () => 0;
  });
  await page.goto('/vi');
  await page.waitForLoadState('load');
  // The site's own cookies would go with any credentialed request; this one must carry none.
  await context.addCookies([{ name: 'probe', value: 'must-not-travel', url: page.url() }]);
  const report = page.waitForRequest((request) => request.url().endsWith('/api/vitals') && request.method() === 'POST');
  let sent = false;
  void report.then(() => (sent = true));
  // The reporter loads once the main thread is idle and then hears the paints already made: give it
  // the page's first paint, a quiet network and a moment, then hide the page until it has sent (it
  // sends once) — on a busy machine the idle moment comes late, and a fixed wait alone misses it.
  await expect.poll(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length)).toBe(1);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500);
  await expect
    .poll(async () => {
      await page.evaluate(() => {
        Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
      });
      return sent;
    })
    .toBe(true);
  const request = await report;
  const body = JSON.parse(request.postData() ?? '{}') as {
    page: string;
    locale: string;
    values: Record<string, number>;
  };
  expect(body.page).toBe('home');
  expect(body.locale).toBe('vi');
  expect(Object.keys(body.values)).toEqual(expect.arrayContaining(['FCP', 'TTFB']));
  expect(JSON.stringify(body)).not.toContain('http');
  expect(await request.headerValue('cookie')).toBeNull();
  expect((await request.response())?.status()).toBe(204);
});
