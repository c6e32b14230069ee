import AxeBuilder from '@axe-core/playwright';
import { devices, expect, test, type Page } from '@playwright/test';
import { openLink, payLink } from './support/links';
import { message } from './support/messages';

/*
 * Query packs, bought the way a chat user tops up mid-conversation: Kenji (slack U3001, free) in
 * Vietnamese with MoMo on a phone, Tom (discord D2003, free) in English with PayPal's buttons — two
 * packs, one PayPal order captured once. Each then reads the extra queries under the account. No
 * other spec buys packs as them.
 */
const kenji = { platform: 'slack', user: 'U3001' };
const tom = { platform: 'discord', user: 'D2003' };
const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = devices['Pixel 7'];

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Once the client navigation's progress bar is gone: nprogress marks its bar role="bar", no ARIA role. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('#nprogress')).toHaveCount(0);
}

/** The account's extra queries, as the account table shows them ('' when none). */
const extraQueries = (page: Page) => page.getByTestId('account-table').textContent();

test.describe('query packs', () => {
  test.describe('on a phone', () => {
    test.use({ viewport, userAgent, deviceScaleFactor, isMobile, hasTouch });

    test('vi: a free user tops up first thing on the page, pays one pack with MoMo and sees 100 extra queries', async ({
      page,
    }) => {
      await openLink(page, await payLink({ ...kenji, prefix: '/vi' }));
      const before = (await extraQueries(page)) ?? '';
      // A free account meets the packs before the plans.
      const forms = page.locator('form[data-testid$="-form"]');
      await expect(forms.first()).toHaveAttribute('data-testid', 'pack-form');
      const packs = page.getByTestId('pack-form');
      await expect(packs.getByRole('heading', { level: 2 })).toContainText('25.000');
      expect(await axeViolations(page)).toEqual([]);

      await packs.getByRole('radio', { name: message('vi', 'PayPage.form.gateways.momo') }).check();
      await packs.getByRole('radio', { name: message('vi', 'PayPage.form.methods.wallet') }).check();
      await expect(packs.getByTestId('pack-quote-amount')).toContainText('25.000');
      await packs.getByRole('button', { name: /^Mua 1 gói lượt hỏi$/ }).click();

      await expect(page).toHaveURL(/\/api\/payments\/momo\/sandbox\/pay\?orderId=[a-f0-9]{32}$/);
      expect((await page.getByTestId('sandbox-amount').textContent())?.replace(/\D/g, '')).toBe('25000');
      await page.getByRole('button', { name: 'Xác nhận thanh toán' }).click();

      await expect(page).toHaveURL(/\/vi\/pay\?status=(success|processing)&order=[a-f0-9]{32}$/);
      await expect(page.locator('[data-status=success]')).toBeVisible({ timeout: 15_000 });
      await expect(page.getByTestId('purchase')).toContainText('100');
      await settled(page);
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('link', { name: message('vi', 'PayPage.result.back') }).click();
      await expect(page.getByTestId('account-table')).not.toHaveText(before);
      await expect(page.getByTestId('account-table')).toContainText('100');
      // Fits the phone: nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    });
  });

  test('en: two packs with PayPal’s buttons, one PayPal order captured, then 200 extra queries under the account', async ({
    page,
  }) => {
    await openLink(page, await payLink(tom));
    const packs = page.getByTestId('pack-form');
    await packs.getByRole('button', { name: message('en', 'PayPage.packs.more') }).click();
    await expect(packs.getByRole('spinbutton', { name: message('en', 'PayPage.packs.quantity') })).toHaveValue('2');
    await packs.getByRole('radio', { name: message('en', 'PayPage.form.gateways.paypal') }).check();
    await expect(packs.getByTestId('pack-quote-amount')).toContainText('1.98');
    // The stand-in's PayPal buttons, loaded for one capture: no subscription's terms are shown.
    await packs.getByTestId('paypal-sandbox-button').click();
    await page
      .getByTestId('paypal-sandbox-approval')
      .getByRole('button', { name: message('en', 'GatewaySandbox.approve') })
      .click();

    await expect(page).toHaveURL(/\/pay\?status=(success|processing)&order=[a-f0-9]{32}$/);
    await expect(page.locator('[data-status=success]')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('purchase')).toContainText('200');
    await page.getByRole('link', { name: message('en', 'PayPage.result.back') }).click();
    await expect(page.getByTestId('account-table')).toContainText('200');
    await settled(page);
    expect(await axeViolations(page)).toEqual([]);
  });
});
