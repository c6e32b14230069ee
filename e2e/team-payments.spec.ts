import { test, expect, type Browser, type Page } from '@playwright/test';
import { openLink, payLink, teamLink } from './support/links';
import { message } from './support/messages';

/** Acme Growth: alice is its admin; dung (1004) a plain member whom no other spec pays with. */
const alice = { user: '1001', team: '-1002001' };
const dung = { user: '1004', team: '-1002001' };
const referenceOf = (order: string) => order.slice(0, 10).toUpperCase();

/** Pays `plan` with VNPay QR from the pay page already open, approved in the sandbox; the order id. */
async function payWithVnpay(page: Page, plan: 'individual_pro' | 'team_pro'): Promise<string> {
  await page
    .getByTestId('plan-form')
    .getByRole('radio', { name: message('en', `Plans.names.${plan}`) })
    .check();
  await page
    .getByTestId('plan-form')
    .getByRole('radio', { name: message('en', 'PayPage.form.gateways.vnpay') })
    .check();
  await page
    .getByTestId('plan-form')
    .getByRole('radio', { name: message('en', 'PayPage.form.methods.qr') })
    .check();
  await page.getByRole('button', { name: message('en', 'PayPage.form.checkout') }).click();
  await page.getByRole('button', { name: 'Approve payment' }).click();
  await expect(page).toHaveURL(/\/pay\?status=(success|processing)&order=[a-f0-9]{32}$/);
  // Paid; "processing" until the grant is applied, which the page waits for by itself.
  await expect(page.locator('[data-status=success]')).toBeVisible();
  return new URL(page.url()).searchParams.get('order')!;
}

/** A browser of its own per person: each holds one session. */
async function personPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

test.describe('the team’s payments are the team’s', () => {
  test('a member’s pay page shows Team Pro with the admins who can pay it, and no way to pay it', async ({ page }) => {
    await openLink(page, await payLink({ ...dung, prefix: '/en' }));
    // A member starts on what they can buy for themselves.
    await expect(
      page.getByTestId('plan-form').getByRole('radio', { name: message('en', 'Plans.names.individual_pro') }),
    ).toBeChecked();
    await page
      .getByTestId('plan-form')
      .getByRole('radio', { name: message('en', 'Plans.names.team_pro') })
      .check();
    const note = page.getByTestId('team-admins-only');
    await expect(note).toContainText("Only your team's admins can pay for Team Pro.");
    await expect(note).toContainText('Alice Nguyen');
    await expect(page.getByRole('button', { name: message('en', 'PayPage.form.checkout') })).toHaveCount(0);
    await expect(page.getByTestId('plan-form').getByTestId('paypal-sandbox-button')).toHaveCount(0);
  });

  test('admin vs member on /team: the admin sees the team’s payment with who paid, never the member’s own payment or its receipt', async ({
    browser,
  }) => {
    const member = await personPage(browser);
    await openLink(member, await payLink({ ...dung, prefix: '/en' }));
    const personal = await payWithVnpay(member, 'individual_pro');

    const admin = await personPage(browser);
    await openLink(admin, await payLink({ ...alice, prefix: '/en' }));
    const forTeam = await payWithVnpay(admin, 'team_pro');

    await openLink(admin, await teamLink({ ...alice, prefix: '/en' }));
    const payments = admin.getByTestId('team-payments');
    const teamRow = payments.locator(`[data-reference="${referenceOf(forTeam)}"]`);
    await expect(teamRow).toContainText('Team Pro');
    await expect(teamRow.getByTestId('paid-by')).toHaveText('Alice Nguyen');
    await expect(payments.getByRole('columnheader', { name: message('en', 'TeamPage.payments.paidBy') })).toBeVisible();
    await expect(payments.locator(`[data-reference="${referenceOf(personal)}"]`)).toHaveCount(0);
    await expect(payments).not.toContainText('Dung Pham');

    // The member's receipt id answers exactly what an id that names nothing answers.
    await admin.goto(`/en/team?receipt=${personal}`);
    await expect(admin.getByTestId('receipt-missing')).toBeVisible();
    await expect(admin.getByTestId('receipt')).toHaveCount(0);
    await expect(admin.getByText('Dung Pham')).toHaveCount(0);
    const refused = await admin.getByTestId('receipt-missing').textContent();
    await admin.goto(`/en/team?receipt=${'0'.repeat(32)}`);
    await expect(admin.getByTestId('receipt-missing')).toHaveText(refused!);
    // The team's own payment has its receipt there.
    await admin.goto(`/en/team?receipt=${forTeam}`);
    await expect(admin.getByTestId('receipt')).toContainText('Acme Growth');
  });
});
