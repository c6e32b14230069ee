import { test, expect, type Page } from '@playwright/test';
import { openLink, payLink } from './support/links';
import { message } from './support/messages';

const alice = { user: '1001', team: '-1002001' };

/** "December 7, 2026" plus `months` calendar months (the 31st clamps), formatted the same way. */
function plusMonths(text: string, months: number): string {
  const date = new Date(`${text} UTC`);
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(target);
}

async function teamExpiry(page: Page): Promise<string> {
  await page.goto('/pay');
  return (await page.getByTestId('team-expiry').textContent()) ?? '';
}

async function fire(page: Page, action: 'renew' | 'resend'): Promise<string> {
  await page.goto('/api/payments/paypal/sandbox');
  await page.getByTestId('sandbox-subscription').first().getByTestId(`sandbox-${action}`).click();
  return (await page.getByTestId('sandbox-message').textContent()) ?? '';
}

test.describe('paying with PayPal through the local sandbox', () => {
  test('a team paid ahead: nothing is charged on approval, the renewal starts when the paid time ends, each charge adds one month, the same renewal again changes nothing', async ({
    page,
  }) => {
    await openLink(page, await payLink(alice));
    const before = (await page.getByTestId('team-expiry').textContent()) ?? '';
    await page
      .getByTestId('plan-form')
      .getByRole('radio', { name: message('en', 'Plans.names.team_pro') })
      .check();
    await page
      .getByTestId('plan-form')
      .getByRole('radio', { name: message('en', 'PayPage.form.gateways.paypal') })
      .check();
    // Before approving: nothing today, the first charge on the day the paid time ends, how often, where it stops.
    await expect(page.getByTestId('renewal-terms')).toContainText(
      new RegExp(
        `^Nothing is charged today: you have already paid until ${before}\\. On that day PayPal charges \\$\\d+\\.\\d\\d, then again every month`,
      ),
    );
    await expect(page.getByTestId('renewal-terms')).toContainText('Automatic renewals');

    // The @paypal/react-paypal-js buttons, rendered by the sandbox's stand-in for PayPal's JS SDK.
    await page.getByTestId('plan-form').getByTestId('paypal-sandbox-button').click();
    await page
      .getByTestId('paypal-sandbox-approval')
      .getByRole('button', { name: message('en', 'GatewaySandbox.approve') })
      .click();
    await expect(page).toHaveURL(/\/pay\?status=scheduled&order=[a-f0-9]{32}$/);
    await expect(page.locator('[data-status=scheduled]')).toBeVisible();
    await expect(page.getByTestId('scheduled-renewal')).toContainText(`is charged on ${before}`);
    expect(await teamExpiry(page)).toBe(before);

    // The start falls due: PayPal's first charge adds a month after the time already paid for.
    expect(await fire(page, 'renew')).toContain('PAYMENT.SALE.COMPLETED → 200');
    const paid = await teamExpiry(page);
    expect(paid).toBe(plusMonths(before, 1));

    expect(await fire(page, 'renew')).toContain('PAYMENT.SALE.COMPLETED → 200');
    const renewed = await teamExpiry(page);
    expect(renewed).toBe(plusMonths(before, 2));

    expect(await fire(page, 'resend')).toContain('duplicate');
    expect(await teamExpiry(page)).toBe(renewed);

    // The same plan through PayPal again: the form says a renewal runs, and offers no second one.
    await page.goto('/pay');
    await page
      .getByTestId('plan-form')
      .getByRole('radio', { name: message('en', 'Plans.names.team_pro') })
      .check();
    await page
      .getByTestId('plan-form')
      .getByRole('radio', { name: message('en', 'PayPage.form.gateways.paypal') })
      .check();
    await expect(page.getByTestId('renewal-running')).toContainText('PayPal');
    await expect(page.getByTestId('plan-form').getByTestId('paypal-sandbox-button')).toHaveCount(0);
  });

  test('when PayPal’s script cannot load, the page says so and the other gateways still work', async ({ page }) => {
    await page.route('**/api/payments/paypal/sandbox/sdk**', (route) => route.abort());
    await openLink(page, await payLink(alice));
    // Individual Pro: the team's plan already renews through PayPal (the test above), so no buttons there.
    await page
      .getByTestId('plan-form')
      .getByRole('radio', { name: message('en', 'Plans.names.individual_pro') })
      .check();
    await page
      .getByTestId('plan-form')
      .getByRole('radio', { name: message('en', 'PayPage.form.gateways.paypal') })
      .check();
    await expect(page.getByTestId('paypal-unavailable')).toContainText(message('en', 'PayPage.form.paypalUnavailable'));
    await page
      .getByTestId('plan-form')
      .getByRole('radio', { name: message('en', 'PayPage.form.gateways.vnpay') })
      .check();
    await page.getByRole('button', { name: message('en', 'PayPage.form.checkout') }).click();
    await expect(page).toHaveURL(/\/api\/payments\/vnpay\/sandbox\?/);
    // Left on VNPay's page the payment would stand as "being confirmed" for its window: cancel it.
    await page.getByRole('button', { name: 'Cancel payment' }).click();
    await expect(page).toHaveURL(/status=cancelled/);
  });

  test('the Content-Security-Policy allows PayPal’s hosts on /pay only', async ({ request }) => {
    const pay = (await request.get('/pay')).headers()['content-security-policy'] ?? '';
    const vi = (await request.get('/vi/pay')).headers()['content-security-policy'] ?? '';
    const home = (await request.get('/')).headers()['content-security-policy'] ?? '';
    expect(pay).toMatch(/script-src [^;]*https:\/\/\*\.paypal\.com/);
    expect(pay).toMatch(/frame-src [^;]*https:\/\/\*\.paypal\.com/);
    expect(vi).toMatch(/script-src [^;]*https:\/\/\*\.paypal\.com/);
    expect(home).not.toContain('paypal');
  });
});
