import { test, expect } from '@playwright/test';
import { openLink, payLink } from './support/links';
import { message } from './support/messages';

/**
 * A payer who approves in the bank's app often comes back in another browser than the chat's:
 * that browser has no session. It must still say what was bought — without naming an account —
 * and how to reach the receipt, and offer nothing that ends on a link error.
 */
const carol = { platform: 'slack', user: 'U1003' };

test('vi: back from VNPay in another browser shows the purchase, the way to the receipt, and no dead end', async ({
  page,
  browser,
}) => {
  await openLink(page, await payLink({ ...carol, prefix: '/vi' }));
  await page
    .getByTestId('plan-form')
    .getByRole('radio', { name: message('vi', 'PayPage.form.gateways.vnpay') })
    .check();
  await page.getByRole('button', { name: message('vi', 'PayPage.form.checkout') }).click();
  await expect(page).toHaveURL(/\/api\/payments\/vnpay\/sandbox\?/);
  await page.getByRole('button', { name: 'Thanh toán thành công' }).click();
  await expect(page).toHaveURL(/\/vi\/pay\?status=(success|processing)&order=[a-f0-9]{32}$/);
  await expect(page.locator('[data-status=success]')).toBeVisible();
  const returnAddress = page.url().replace('status=processing', 'status=success');

  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await other.goto(returnAddress);
  const purchase = other.getByTestId('purchase');
  await expect(purchase).toContainText(message('vi', 'Plans.names.individual_pro'));
  await expect(purchase).toContainText('49.000');
  await expect(purchase).toContainText('/pay');
  await expect(other.getByTestId('back-in-chat')).toBeVisible();
  await expect(other.getByRole('link', { name: message('vi', 'PayPage.result.back') })).toHaveCount(0);
  await expect(other.getByRole('link', { name: message('vi', 'PayPage.result.receipt') })).toHaveCount(0);
  await expect(other.getByText('Carol')).toHaveCount(0);
  await elsewhere.close();
});
