import AxeBuilder from '@axe-core/playwright';
import { test, expect } from '@playwright/test';
import { openLink, payLink } from './support/links';
import { message } from './support/messages';

/** A payer no other spec pays with: Individual Pro through PayPal renews monthly. */
const tom = { platform: 'discord', user: 'D2003' };

test.describe('automatic renewals on /pay', () => {
  // axe judges what a visitor sees once things have settled: an entrance animation caught halfway
  // (a card at half opacity) would read as low contrast. The animations have their own test
  // (e2e/motion.spec.ts).
  test.use({ reducedMotion: 'reduce' });
  test('vi: a PayPal subscriber sees the next charge, stops the renewal after confirming, and PayPal reports it cancelled', async ({
    page,
  }) => {
    await openLink(page, await payLink({ ...tom, prefix: '/vi' }));
    await page
      .getByTestId('plan-form')
      .getByRole('radio', { name: message('vi', 'PayPage.form.gateways.paypal') })
      .check();
    await page.getByTestId('plan-form').getByTestId('paypal-sandbox-button').click();
    await page
      .getByTestId('paypal-sandbox-approval')
      .getByRole('button', { name: message('vi', 'GatewaySandbox.approve') })
      .click();
    await expect(page).toHaveURL(/\/vi\/pay\?status=(success|processing)&order=[a-f0-9]{32}$/);
    // Paid; "processing" until the grant is applied, which the page waits for by itself.
    await expect(page.locator('[data-status=success]')).toBeVisible();
    await page.getByRole('link', { name: message('vi', 'PayPage.result.back') }).click();

    const renewals = page.getByTestId('renewals');
    await expect(renewals.getByRole('heading', { name: message('vi', 'PayPage.renewals.heading') })).toBeVisible();
    const renewal = renewals.locator('[data-renewal]').first();
    const id = await renewal.getAttribute('data-renewal');
    await expect(renewal).toHaveAttribute('data-status', 'active');
    await expect(renewal).toContainText(message('vi', 'PayPage.renewals.nextCharge'));
    await expect(renewal.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);

    // The dialog opens with "keep" focused; Escape keeps the renewal.
    await renewal.getByRole('button', { name: message('vi', 'PayPage.renewals.stop') }).click();
    const dialog = page.getByRole('dialog', { name: message('vi', 'PayPage.renewals.dialogTitle') });
    await expect(dialog.getByRole('button', { name: message('vi', 'PayPage.renewals.keep') })).toBeFocused();
    const axe = await new AxeBuilder({ page }).include('dialog').analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(renewal).toHaveAttribute('data-status', 'active');

    await renewal.getByRole('button', { name: message('vi', 'PayPage.renewals.stop') }).click();
    await dialog.getByRole('button', { name: message('vi', 'PayPage.renewals.confirm') }).click();
    await expect(dialog).toBeHidden();
    await expect(renewal).toHaveAttribute('data-status', 'stopped');
    await expect(renewal).toContainText(message('vi', 'PayPage.renewals.statuses.stopped'));
    await expect(renewal.getByRole('button')).toHaveCount(0);

    // PayPal's side: the subscription is cancelled and its webhook was answered.
    await page.goto('/api/payments/paypal/sandbox');
    await expect(page.locator(`[data-testid=sandbox-subscription][data-id="${id}"]`)).toContainText('CANCELLED');

    // And after a reload the site still says so.
    await openLink(page, await payLink({ ...tom, prefix: '/vi' }));
    await expect(page.locator(`[data-renewal="${id}"]`)).toHaveAttribute('data-status', 'stopped');
  });
});
