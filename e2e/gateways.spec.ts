import { test, expect, type Page } from '@playwright/test';
import { openLink, payLink } from './support/links';
import { message } from './support/messages';

const alice = { user: '1001', team: '-1002001' };
const carol = { platform: 'slack', user: 'U1003' };

/** Individual Pro for one month, through `gateway` and `method`, from the pay page in `locale`. */
async function checkoutWith(page: Page, locale: 'vi' | 'de', gateway: string, method: string) {
  await openLink(page, await payLink({ ...carol, prefix: `/${locale}` }));
  await expect(page).toHaveURL(new RegExp(`/${locale}/pay(#handoff=[\\w.-]+)?$`));
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

test.describe('paying through each gateway’s local sandbox', () => {
  test('vi: MoMo with an ATM card, approved → success, and the team’s plan is extended', async ({ page }) => {
    // The team keeps its 10 seats here: pay.spec.ts buys 25 (so 30) for it and starts from 10.
    await openLink(page, await payLink({ ...alice, prefix: '/vi' }));
    const expiryBefore = await page.getByTestId('team-expiry').textContent();
    await page
      .getByTestId('plan-form')
      .getByRole('radio', { name: message('vi', 'Plans.names.team_pro') })
      .check();
    await page
      .getByTestId('plan-form')
      .getByRole('radio', { name: message('vi', 'PayPage.form.gateways.momo') })
      .check();
    // MoMo's three methods are offered, in the page's language.
    for (const method of ['wallet', 'atm_card', 'credit_card']) {
      await expect(
        page.getByTestId('plan-form').getByRole('radio', { name: message('vi', `PayPage.form.methods.${method}`) }),
      ).toBeVisible();
    }
    await page
      .getByTestId('plan-form')
      .getByRole('radio', { name: message('vi', 'PayPage.form.methods.atm_card') })
      .check();
    const quote = (await page.getByTestId('quote-amount').textContent())?.replace(/\D/g, '');
    await page.getByRole('button', { name: message('vi', 'PayPage.form.checkout') }).click();

    await expect(page).toHaveURL(/\/api\/payments\/momo\/sandbox\/pay\?orderId=[a-f0-9]{32}$/);
    expect((await page.getByTestId('sandbox-amount').textContent())?.replace(/\D/g, '')).toBe(quote);
    await expect(page.getByTestId('sandbox-method')).toHaveText('payWithATM');
    await page.getByRole('button', { name: 'Xác nhận thanh toán' }).click();

    await expect(page).toHaveURL(/\/vi\/pay\?status=(success|processing)&order=[a-f0-9]{32}$/);
    await expect(page.locator('[data-status=success]')).toBeVisible();
    await page.getByRole('link', { name: message('vi', 'PayPage.result.back') }).click();
    await expect(page.getByTestId('team-seats')).toHaveText('10');
    await expect(page.getByTestId('team-expiry')).not.toHaveText(expiryBefore ?? '');
  });

  test('vi: MoMo declined (insufficient balance, its first choice) → the reason, not failed1', async ({ page }) => {
    await checkoutWith(page, 'vi', 'momo', 'wallet');
    await expect(page).toHaveURL(/\/api\/payments\/momo\/sandbox\/pay\?/);
    await page.getByRole('button', { name: 'Từ chối thanh toán' }).click();
    await expect(page).toHaveURL(/\/vi\/pay\?status=declined&reason=insufficient_funds&order=/);
    await expect(page.locator('[data-status=declined]').getByRole('status')).toContainText(
      message('vi', 'PayPage.declines.reasons.insufficient_funds'),
    );
    await expect(page.getByTestId('failure-code')).toHaveCount(0);
  });

  test('de: MoMo wallet, approved → success', async ({ page }) => {
    await checkoutWith(page, 'de', 'momo', 'wallet');
    await page.getByRole('button', { name: 'Confirm payment' }).click();
    await expect(page).toHaveURL(/\/de\/pay\?status=(success|processing)&order=/);
    await expect(page.locator('[data-status=success]')).toBeVisible();
  });

  test('de: VNPay QR, approved → success; declined (insufficient balance, its first choice) → the reason, not failed1', async ({
    page,
  }) => {
    await checkoutWith(page, 'de', 'vnpay', 'qr');
    await expect(page).toHaveURL(/\/api\/payments\/vnpay\/sandbox\?/);
    await page.getByRole('button', { name: 'Approve payment' }).click();
    await expect(page).toHaveURL(/\/de\/pay\?status=(success|processing)&order=/);
    // Paid; "processing" until the grant is applied, which the page waits for by itself.
    await expect(page.locator('[data-status=success]')).toBeVisible();

    await checkoutWith(page, 'de', 'vnpay', 'domestic_card');
    await page.getByRole('button', { name: 'Bank declines' }).click();
    await expect(page).toHaveURL(/\/de\/pay\?status=declined&reason=insufficient_funds&order=/);
    await expect(page.locator('[data-status=declined]').getByRole('status')).toContainText(
      message('de', 'PayPage.declines.next.insufficient_funds'),
    );
    await expect(page.getByTestId('failure-code')).toHaveCount(0);
  });

  test('de: MoMo cancelled by the payer → cancelled, nothing was charged', async ({ page }) => {
    await checkoutWith(page, 'de', 'momo', 'credit_card');
    await page.getByRole('button', { name: 'Cancel transaction' }).click();
    await expect(page).toHaveURL(/\/de\/pay\?status=cancelled&order=/);
    await expect(page.locator('[data-status=cancelled]')).toContainText(message('de', 'PayPage.result.cancelled'));
  });

  test('vi: VNPay cancelled on its page → "nothing was charged", on the return and after a reload, never failed1', async ({
    page,
  }) => {
    await checkoutWith(page, 'vi', 'vnpay', 'qr');
    await expect(page).toHaveURL(/\/api\/payments\/vnpay\/sandbox\?/);
    await page.getByRole('button', { name: 'Hủy thanh toán' }).click();
    await expect(page).toHaveURL(/\/vi\/pay\?status=cancelled&order=[a-f0-9]{32}$/);
    const result = page.locator('[data-status=cancelled]');
    await expect(result).toContainText(message('vi', 'PayPage.result.cancelled'));
    await expect(page.getByTestId('failure-code')).toHaveCount(0);
    await page.reload();
    await expect(result).toContainText(message('vi', 'PayPage.result.cancelled'));
  });

  test('vi: a result address never shows the form’s intro, not even before the result arrives', async ({ page }) => {
    // Watches every node from the first byte: the form's heading must never be drawn on a result address.
    const heading = message('vi', 'PayPage.heading');
    await page.addInitScript((text) => {
      const seen: string[] = [];
      (window as unknown as { __introSeen: string[] }).__introSeen = seen;
      const check = () => {
        for (const h1 of document.querySelectorAll('h1'))
          if (h1.textContent === text && h1.checkVisibility()) seen.push(performance.now().toFixed(0));
      };
      new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
      requestAnimationFrame(function frame() {
        check();
        if (performance.now() < 5000) requestAnimationFrame(frame);
      });
    }, heading);
    await openLink(page, await payLink({ ...carol, prefix: '/vi' }));
    await page.goto(`/vi/pay?status=success&order=${'0'.repeat(32)}`);
    await expect(page.locator('[data-status=failed]')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __introSeen: string[] }).__introSeen)).toEqual([]);
  });
});
