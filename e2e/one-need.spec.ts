import { test, expect, type Page } from '@playwright/test';
import { openLink, payLink } from './support/links';
import { message } from './support/messages';

/**
 * One need, one payment, as a payer meets it. Back on the pay page from a gateway, the page asks the
 * gateway at once: a payment it took (its callback lost) is settled, an attempt the payer left unpaid
 * is closed and blocks nothing, and only a payment the gateway may still be taking money for is shown
 * as being confirmed — paid again only by choice.
 */
const linh = { user: '1010' };
const ivan = { user: '1009' };
const emma = { user: '1005' };

async function toMomo(page: Page, payer: { user: string }) {
  await openLink(page, await payLink({ ...payer, prefix: '/vi' }));
  await page
    .getByTestId('plan-form')
    .getByRole('radio', { name: message('vi', 'PayPage.form.gateways.momo') })
    .check();
  await page.getByRole('button', { name: message('vi', 'PayPage.form.checkout') }).click();
  await expect(page).toHaveURL(/\/api\/payments\/momo\/sandbox\/pay\?/);
}

test('vi: MoMo took the money but its IPN was lost: back at the plans the payment is found paid, nothing waits to be confirmed', async ({
  page,
}) => {
  await toMomo(page, linh);
  await page.getByRole('button', { name: 'Thanh toán, nhưng mất IPN' }).click();
  await expect(page.locator('[data-status]')).toBeVisible();

  await page.goto('/vi/pay');
  await expect(page.getByTestId('account-table')).toContainText(message('vi', 'Plans.names.individual_pro'));
  await expect(page.getByTestId('payment-pending')).toHaveCount(0);
});

test('vi: a payment MoMo is still processing is shown as being confirmed, and is paid again only by choice', async ({
  page,
}) => {
  await toMomo(page, ivan);
  await page.getByRole('button', { name: 'Thanh toán, MoMo vẫn đang xử lý' }).click();
  await expect(page.locator('[data-status=processing]')).toBeVisible();

  await page.getByRole('link', { name: message('vi', 'PayPage.result.back') }).click();
  const checkout = page.getByRole('button', { name: message('vi', 'PayPage.form.checkout') });
  const notice = page.getByTestId('payment-pending');
  await expect(notice).toContainText('MoMo');
  await expect(notice).toContainText('49.000');
  await expect(checkout).toBeDisabled();
  await page
    .getByTestId('plan-form')
    .getByRole('radio', { name: message('vi', 'PayPage.form.gateways.momo') })
    .check();
  await expect(checkout).toBeDisabled();
  await notice.getByRole('checkbox', { name: message('vi', 'PayPage.form.payAgain') }).check();
  await expect(checkout).toBeEnabled();
  await checkout.click();
  await expect(page).toHaveURL(/\/api\/payments\/momo\/sandbox\/pay\?/);
  await page.getByRole('button', { name: 'Hủy giao dịch' }).click();
  await expect(page.locator('[data-status=cancelled]')).toBeVisible();
});

test('en: Back from VNPay’s page without paying: no notice, the button works, and the history says the attempt was left unpaid', async ({
  page,
}) => {
  await openLink(page, await payLink(emma));
  await page
    .getByTestId('plan-form')
    .getByRole('radio', { name: message('en', 'PayPage.form.gateways.vnpay') })
    .check();
  const checkout = page.getByRole('button', { name: message('en', 'PayPage.form.checkout') });
  await checkout.click();
  await expect(page).toHaveURL(/\/api\/payments\/vnpay\/sandbox\?/);

  await page.goBack();
  await expect(page).toHaveURL(/\/pay(#|$)/);
  await expect(page.getByTestId('payment-pending')).toHaveCount(0);
  await page
    .getByTestId('plan-form')
    .getByRole('radio', { name: message('en', 'PayPage.form.gateways.vnpay') })
    .check();
  await expect(checkout).toBeEnabled();
  await page.getByTestId('payment-history').locator('summary').click();
  const row = page.getByTestId('payment-history').locator('[data-reference]').first();
  await expect(row).toContainText(message('en', 'PayPage.history.status.abandoned'));
  await expect(row).not.toContainText('not_found');
});
