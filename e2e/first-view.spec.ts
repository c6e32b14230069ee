import { test, expect, type Page } from '@playwright/test';
import { hydrated } from './support/hydration';
import { message } from './support/messages';
import { openLink, payLink } from './support/links';

/** Loads `open` and gives the stylesheets the browser requested until the load event. */
async function stylesheetsRequested(page: Page, open: () => Promise<void>): Promise<string[]> {
  const requested: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet') requested.push(request.url());
  });
  await open();
  await page.waitForLoadState('load');
  return requested;
}

const style = (page: Page, selector: string, property: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el, name) => getComputedStyle(el).getPropertyValue(name), property);

test.describe('the first view waits for no stylesheet: its CSS comes inside the page', () => {
  for (const path of ['/', '/ur', '/jp']) {
    test(`${path}: no stylesheet is requested, and the landing's and the site's rules apply`, async ({ page }) => {
      const stylesheets = await stylesheetsRequested(page, async () => {
        await page.goto(path);
      });
      expect(stylesheets).toEqual([]);
      expect(await style(page, '.hero', 'display')).toBe('grid'); // the landing's rules
      expect(await style(page, '.site-footer__inner', 'display')).toBe('grid'); // the site's rules
    });
  }

  test("the pay page opened from a chat link requests no stylesheet, and its form's rules apply", async ({ page }) => {
    const link = await payLink({ user: '1001', team: '-1002001', prefix: '/vi' });
    const stylesheets = await stylesheetsRequested(page, () => openLink(page, link));
    expect(stylesheets).toEqual([]);
    const lead = page.locator('main header p').first();
    await expect(lead).toBeVisible();
    expect(await lead.evaluate((el) => getComputedStyle(el).maxInlineSize)).not.toBe('none');
  });

  test("a page reached by the framework's navigation gets its own rules too", async ({ page }) => {
    await page.goto('/vi');
    await hydrated(page);
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: message('vi', 'PolicyLinks.terms') })
      .click();
    await expect(page).toHaveURL(/\/vi\/terms$/);
    const article = page.locator('main article').first();
    await expect(article).toBeVisible();
    expect(await article.evaluate((el) => getComputedStyle(el).maxInlineSize)).not.toBe('none');
  });
});
