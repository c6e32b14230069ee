import AxeBuilder from '@axe-core/playwright';
import { test, expect, type Page } from '@playwright/test';
import { openLink, payLink } from './support/links';
import { message } from './support/messages';

/** Payers no other spec pays with: their histories hold only these payments. */
const dung = { user: '1004' };
const emma = { user: '1005' };

/** Individual Pro for one month through `gateway` and `method`, from the pay page in `locale`. */
async function checkoutWith(page: Page, payer: { user: string }, locale: 'vi' | 'en', gateway: string, method: string) {
  await openLink(page, await payLink({ ...payer, prefix: `/${locale}` }));
  await page
    .getByTestId('plan-form')
    .getByRole('radio', { name: message(locale, `PayPage.form.gateways.${gateway}`) })
    .check();
  await page
    .getByTestId('plan-form')
    .getByRole('radio', { name: message(locale, `PayPage.form.methods.${method}`) })
    .check();
  await page.getByRole('button', { name: message(locale, 'PayPage.form.checkout') }).click();
}

/** The declined result in `locale`: its title, and why, that nothing was charged and what next in its status region. */
async function expectDeclined(page: Page, locale: 'vi' | 'en', reason: string) {
  const result = page.locator('[data-status=declined]');
  await expect(result.getByRole('heading', { level: 1 })).toHaveText(message(locale, 'PayPage.declines.title'));
  const status = result.getByRole('status');
  await expect(status).toContainText(message(locale, `PayPage.declines.reasons.${reason}`));
  await expect(status).toContainText(message(locale, `PayPage.declines.next.${reason}`));
  await expect(page.getByTestId('failure-code')).toHaveCount(0);
  await expect(result.getByRole('alert')).toHaveCount(0);
  await expect(result).not.toContainText(message(locale, 'PayPage.result.failed1'));
}

/** The payer's history row for the order the address names: the same reason, "nothing charged". */
async function expectHistoryRow(page: Page, locale: 'vi' | 'en', order: string, reason: string) {
  await page.getByRole('link', { name: message(locale, 'PayPage.result.back') }).click();
  await page.getByTestId('payment-history').locator('summary').click();
  const row = page.locator(`[data-reference="${order.slice(0, 10).toUpperCase()}"]`);
  await expect(row).toContainText(message(locale, 'PayPage.history.statusDeclined'));
  await expect(row).toContainText(message(locale, `PayPage.declines.reasons.${reason}`));
}

/** axe's WCAG 2.1 AA violations inside `selector`. */
async function axeViolations(page: Page, selector: string): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .include(selector)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const orderOf = (page: Page) => new URL(page.url()).searchParams.get('order')!;

test.describe('a declined payment says why, that nothing was charged and what to try next', () => {
  test('vi: VNPay, the bank says the card is locked (12) → the reason in Vietnamese, on the return, after a reload and in the history', async ({
    page,
  }) => {
    await checkoutWith(page, dung, 'vi', 'vnpay', 'domestic_card');
    await expect(page).toHaveURL(/\/api\/payments\/vnpay\/sandbox\?/);
    await page.getByLabel('Lý do từ chối').selectOption('12');
    await page.getByRole('button', { name: 'Ngân hàng từ chối' }).click();

    await expect(page).toHaveURL(/\/vi\/pay\?status=declined&reason=account_locked&order=[a-f0-9]{32}$/);
    await expectDeclined(page, 'vi', 'account_locked');
    await page.reload();
    await expectDeclined(page, 'vi', 'account_locked');
    expect(await axeViolations(page, '[data-status=declined]')).toEqual([]);
    await expectHistoryRow(page, 'vi', orderOf(page), 'account_locked');
    expect(await axeViolations(page, '[data-testid=payment-history]')).toEqual([]);
  });

  test('en: MoMo, insufficient balance (1001) → the reason in English, and the history row says the same', async ({
    page,
  }) => {
    await checkoutWith(page, emma, 'en', 'momo', 'wallet');
    await expect(page).toHaveURL(/\/api\/payments\/momo\/sandbox\/pay\?/);
    await page.getByLabel('Decline reason').selectOption('1001');
    await page.getByRole('button', { name: 'Decline payment' }).click();

    await expect(page).toHaveURL(/\/pay\?status=declined&reason=insufficient_funds&order=[a-f0-9]{32}$/);
    await expectDeclined(page, 'en', 'insufficient_funds');
    await expect(page.locator('[data-status=declined]').getByRole('status')).toContainText('Nothing was charged.');
    await expectHistoryRow(page, 'en', orderOf(page), 'insufficient_funds');
  });

  test('vi: a decline reason the address makes up is never shown', async ({ page }) => {
    await openLink(page, await payLink({ ...dung, prefix: '/vi' }));
    await page.goto('/vi/pay?status=declined&reason=Ng%C3%A2n%20h%C3%A0ng%20%C4%91%C3%B3ng%20c%E1%BB%ADa');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('vi', 'PayPage.heading'));
    await expect(page.locator('[data-status=declined]')).toHaveCount(0);
  });
});
