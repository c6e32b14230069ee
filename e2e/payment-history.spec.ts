import { test, expect, type Page } from '@playwright/test';
import { payLink } from './support/links';
import { message } from './support/messages';

const carol = { platform: 'slack', user: 'U1003' };
type Locale = 'vi' | 'ur';

/** Individual Pro for one month through VNPay QR from the pay page in `locale`; ends on VNPay's sandbox page. */
async function startVnpayPayment(page: Page, locale: Locale) {
  await page.goto(await payLink({ ...carol, prefix: `/${locale}` }));
  await page.getByRole('radio', { name: message(locale, 'PayPage.form.gateways.vnpay') }).check();
  await page.getByRole('radio', { name: message(locale, 'PayPage.form.methods.qr') }).check();
  await page.getByRole('button', { name: message(locale, 'PayPage.form.checkout') }).click();
  await expect(page).toHaveURL(/\/api\/payments\/vnpay\/sandbox\?/);
}

/** The reference the history shows for the order a result address names. */
const referenceOf = (page: Page) => new URL(page.url()).searchParams.get('order')!.slice(0, 10).toUpperCase();

test.describe('the payment history on /pay', () => {
  test('vi: a paid and a cancelled VNPay payment each appear, newest first, with what was bought and what happened to the money', async ({
    page,
  }) => {
    await startVnpayPayment(page, 'vi');
    await page.getByRole('button', { name: 'Thanh toán thành công' }).click();
    await expect(page).toHaveURL(/\/vi\/pay\?status=success&order=/);
    const paid = referenceOf(page);

    await startVnpayPayment(page, 'vi');
    await page.getByRole('button', { name: 'Hủy thanh toán' }).click();
    await expect(page).toHaveURL(/\/vi\/pay\?status=cancelled&order=/);
    const cancelled = referenceOf(page);

    await page.getByRole('link', { name: message('vi', 'PayPage.result.back') }).click();
    const history = page.getByRole('table', { name: message('vi', 'PayPage.history.heading') });
    const paidRow = history.locator(`[data-reference="${paid}"]`);
    const cancelledRow = history.locator(`[data-reference="${cancelled}"]`);
    await expect(paidRow).toContainText(message('vi', 'PayPage.history.status.paid'));
    await expect(paidRow).toContainText('Individual Pro');
    await expect(paidRow).toContainText('VNPay');
    await expect(paidRow).toContainText(message('vi', 'PayPage.form.methods.qr'));
    await expect(paidRow).toContainText(/\d{1,3}(\.\d{3})+\s*₫/);
    await expect(cancelledRow).toContainText(message('vi', 'PayPage.history.status.cancelled'));
    const references = await history
      .locator('[data-reference]')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-reference')));
    expect(references.indexOf(cancelled)).toBeLessThan(references.indexOf(paid));
  });

  test('ur on a 360 px phone: each payment is a card read right to left, its status and reference visible without sideways scrolling', async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await startVnpayPayment(page, 'ur');
    await page.getByRole('button', { name: 'Approve payment' }).click();
    await expect(page).toHaveURL(/\/ur\/pay\?status=success&order=/);
    const reference = referenceOf(page);
    await page.goto(await payLink({ ...carol, prefix: '/ur' }));

    const row = page.locator(`[data-reference="${reference}"]`);
    await row.scrollIntoViewIfNeeded();
    await expect(row).toContainText(message('ur', 'PayPage.history.status.paid'));
    for (const cell of await row.getByRole('cell').all()) await expect(cell).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await row.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    await context.close();
  });
});
