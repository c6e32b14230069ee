import { test, expect } from '@playwright/test';
import { openLink, payLink } from './support/links';
import { message } from './support/messages';

/**
 * One need, one payment, as a payer meets it: MoMo took the money but its word (the IPN) was lost,
 * so the page says "confirming"; going back to the plans shows that payment and does not offer the
 * same one again unless the payer ticks "pay again anyway".
 */
const linh = { user: '1010' };

test('vi: after a lost IPN the form shows the payment being confirmed, and pays again only by choice', async ({
  page,
}) => {
  await openLink(page, await payLink({ ...linh, prefix: '/vi' }));
  await page.getByRole('radio', { name: message('vi', 'PayPage.form.gateways.momo') }).check();
  const checkout = page.getByRole('button', { name: message('vi', 'PayPage.form.checkout') });
  await checkout.click();
  await expect(page).toHaveURL(/\/api\/payments\/momo\/sandbox\/pay\?/);
  await page.getByRole('button', { name: 'Thanh toán, nhưng mất IPN' }).click();
  await expect(page.locator('[data-status=processing]')).toBeVisible();

  await page.getByRole('link', { name: message('vi', 'PayPage.result.back') }).click();
  const notice = page.getByTestId('payment-pending');
  await expect(notice).toContainText('MoMo');
  await expect(notice).toContainText('49.000');
  await expect(checkout).toBeDisabled();
  await page.getByRole('radio', { name: message('vi', 'PayPage.form.gateways.momo') }).check();
  await expect(checkout).toBeDisabled();
  await notice.getByRole('checkbox', { name: message('vi', 'PayPage.form.payAgain') }).check();
  await expect(checkout).toBeEnabled();
  await checkout.click();
  await expect(page).toHaveURL(/\/api\/payments\/momo\/sandbox\/pay\?/);
  await page.getByRole('button', { name: 'Hủy giao dịch' }).click();
  await expect(page.locator('[data-status=cancelled]')).toBeVisible();
});
