import { test, expect } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { openLink, payLink, teamLink } from './support/links';
import { message } from './support/messages';
import { layoutShiftSum, recordLayoutShifts } from './support/layout-shifts';
import { plans, TEAM_BLOCK_SIZE } from '../lib/pricing/catalogue';

const alice = { user: '1001', team: '-1002001' };
/** Vietnamese has one plural form: `{n, plural, other {# chỗ}}` with n = 30 reads "30 chỗ". */
const vi = (key: string, values: Record<string, number>) =>
  message('vi', key).replace(/\{(\w+), plural, other \{([^}]*)\}\}/g, (_, name: string, body: string) =>
    body.replace('#', String(values[name])),
  );
const DAY_MS = 86_400_000;

test.describe('paying with VNPay through the local sandbox', () => {
  test('vi: team_pro for 25 seats and 7 months is 3 blocks — 30 seats; approved → success, and the team has 30 seats and a later expiry', async ({
    page,
  }) => {
    await openLink(page, await payLink({ ...alice, prefix: '/vi' }));
    await expect(page).toHaveURL(/\/vi\/pay(#handoff=[\w.-]+)?$/); // the token is gone from the address bar
    const expiryBefore = await page.getByTestId('team-expiry').textContent();
    await expect(page.getByTestId('team-seats')).toHaveText('10');

    await page
      .getByTestId('plan-form')
      .getByRole('radio', { name: message('vi', 'Plans.names.team_pro') })
      .check();
    await page.locator('input[name=period][value=period1]').check();
    await page
      .getByTestId('plan-form')
      .getByRole('checkbox', { name: message('vi', 'PayPage.form.increaseSeats') })
      .check();
    await page.getByLabel(message('vi', 'PayPage.form.seatsLabel')).fill('25');
    await expect(page.getByTestId('quote-amount')).toHaveText(/6\.300\.000/);
    // Before paying, the payer reads what 25 seats buy: 3 whole blocks, so 30 seats.
    await expect(page.getByTestId('quote-seats')).toHaveText(vi('PayPage.form.quoteTeam', { blocks: 3, seats: 30 }));

    await page.getByRole('button', { name: message('vi', 'PayPage.form.checkout') }).click();
    await expect(page).toHaveURL(/\/api\/payments\/vnpay\/sandbox\?/);
    await expect(page.getByTestId('sandbox-amount')).toContainText('6.300.000');
    await page.getByRole('button', { name: 'Thanh toán thành công' }).click();

    await expect(page).toHaveURL(/\/vi\/pay\?status=(success|processing)&order=[a-f0-9]{32}$/);
    await expect(page.locator('[data-status=success]')).toBeVisible();
    await page.getByRole('link', { name: message('vi', 'PayPage.result.back') }).click();
    await expect(page.getByTestId('team-seats')).toHaveText('30');
    await expect(page.getByTestId('team-expiry')).not.toHaveText(expiryBefore ?? '');

    // The team page counts the same 30 seats, every one of them usable.
    await openLink(page, await teamLink({ ...alice, prefix: '/vi' }));
    await expect(page.getByTestId('team-overview')).toHaveAttribute('data-seats', '30');
    await expect(page.getByTestId('team-seats-used')).toContainText('/30');
  });

  test('vi: one seat more on the running plan, keeping it, is a payable prorated block: whole blocks + 1', async ({
    page,
  }) => {
    const view = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/pay/view');
    await openLink(page, await payLink({ ...alice, prefix: '/vi' }));
    const { form, now } = (await (await view).json()) as { form: { team: { expiresAt: string } }; now: string };
    const seats = Number(await page.getByTestId('team-seats').textContent());
    const blocks = seats / TEAM_BLOCK_SIZE;
    expect(Number.isInteger(blocks)).toBe(true);

    await page
      .getByTestId('plan-form')
      .getByRole('radio', { name: message('vi', 'Plans.names.team_pro') })
      .check();
    await page
      .getByTestId('plan-form')
      .getByRole('radio', { name: message('vi', 'PayPage.form.periodKeep') })
      .check();
    await page
      .getByTestId('plan-form')
      .getByRole('checkbox', { name: message('vi', 'PayPage.form.increaseSeats') })
      .check();
    await page.getByLabel(message('vi', 'PayPage.form.seatsLabel')).fill(String(seats + 1));

    await expect(page.getByTestId('quote-seats')).toHaveText(
      vi('PayPage.form.quoteTeam', { blocks: blocks + 1, seats: seats + TEAM_BLOCK_SIZE }),
    );
    // One block more for the days left until the unchanged expiry, over a 30-day month, rounded up.
    const daysLeft = Math.ceil((Date.parse(form.team.expiresAt) - Date.parse(now)) / DAY_MS);
    const amount = Math.ceil((plans.team_pro.price.VND * daysLeft) / 30);
    const digits = new Intl.NumberFormat('vi-VN').format(amount).replaceAll('.', '\\.');
    await expect(page.getByTestId('quote-amount')).toHaveText(new RegExp(`^${digits}\\s₫$`));
    await expect(page.getByText(message('vi', 'PayPage.form.nothingToPay'))).toHaveCount(0);
    await expect(page.getByRole('button', { name: message('vi', 'PayPage.form.checkout') })).toBeEnabled();
  });

  test('a declined payment names its reason, says nothing was charged, and changes nothing', async ({ page }) => {
    await openLink(page, await payLink(alice));
    const seats = await page.getByTestId('team-seats').textContent();
    await page
      .getByTestId('plan-form')
      .getByRole('radio', { name: message('en', 'Plans.names.individual_pro') })
      .check();
    // An English page starts on PayPal (USD): this payer picks VNPay.
    await page
      .getByTestId('plan-form')
      .getByRole('radio', { name: message('en', 'PayPage.form.gateways.vnpay') })
      .check();
    await page.getByRole('button', { name: message('en', 'PayPage.form.checkout') }).click();
    await page.getByRole('button', { name: 'Bank declines' }).click();
    await expect(page).toHaveURL(/status=declined&reason=insufficient_funds/);
    await expect(page.locator('[data-status=declined] [role=status]')).toContainText(
      message('en', 'PayPage.declines.reasons.insufficient_funds'),
    );
    await expect(page.getByTestId('failure-code')).toHaveCount(0);
    await page.goto('/pay');
    await expect(page.getByTestId('team-seats')).toHaveText(seats ?? '');
  });

  test('a forged link shows failed0 and no account data', async ({ page, context }) => {
    await context.clearCookies();
    await openLink(page, await payLink(alice, 'a-forged-secret-that-is-long-enough-to-sign'));
    await expect(page.getByTestId('failure-code')).toContainText('failed0');
    await expect(page.getByText('Alice Nguyen')).toHaveCount(0);
  });
});

test('a pay link works once: reopened in the same browser it still works, in a second browser it shows failed0', async ({
  page,
  browser,
}) => {
  const link = await payLink(alice);
  await openLink(page, link);
  await expect(page.getByTestId('team-seats')).toBeVisible();
  await openLink(page, link);
  await expect(page.getByTestId('team-seats')).toBeVisible();

  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await openLink(other, link);
  await expect(other.getByTestId('failure-code')).toContainText('failed0');
  await expect(other.getByText('Alice Nguyen')).toHaveCount(0);
  await elsewhere.close();
});

test('an admin with Individual Pro must cancel it in a modal before buying team_pro', async ({ page }) => {
  // minh, an admin of Orbit Labs, has Individual Pro of his own.
  await openLink(page, await payLink({ platform: 'discord', user: 'D2001', team: '920001' }));
  // A Pro user's page opens on a renewal of Pro; minh chooses the team plan, and VNPay's button.
  await expect(
    page.getByTestId('plan-form').getByRole('radio', { name: message('en', 'Plans.names.individual_pro') }),
  ).toBeChecked();
  await page
    .getByTestId('plan-form')
    .getByRole('radio', { name: message('en', 'PayPage.form.gateways.vnpay') })
    .check();
  await page
    .getByTestId('plan-form')
    .getByRole('radio', { name: message('en', 'Plans.names.team_pro') })
    .check();
  const checkout = page.getByRole('button', { name: message('en', 'PayPage.form.checkout') });
  await expect(checkout).toBeDisabled();

  const open = page.getByRole('button', { name: message('en', 'PayPage.form.cancelFirst') });
  await open.click();
  const dialog = page.getByRole('dialog', { name: message('en', 'PayPage.cancelModal.title') });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: message('en', 'PayPage.cancelModal.keep') })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await open.click();
  await dialog.getByRole('button', { name: message('en', 'PayPage.cancelModal.confirm') }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('account-table')).toContainText(message('en', 'Plans.names.free'));
  await page
    .getByTestId('plan-form')
    .getByRole('radio', { name: message('en', 'Plans.names.team_pro') })
    .check();
  await expect(checkout).toBeEnabled();
});

test('the heading and lead paint from the prerendered page before the account arrives, and stay put when it does', async ({
  page,
}) => {
  const link = await payLink({ ...alice, prefix: '/vi' });
  // The payer's part is held back until the shell has been checked, as on a congested network.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/pay/view**', async (route) => {
    await released;
    await route.continue();
  });
  await recordLayoutShifts(page);
  await openLink(page, link);
  const lead = page.getByText(message('vi', 'PayPage.lead'));
  await expect(lead).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(message('vi', 'PayPage.loading'));
  // Measured once the shell is drawn and settled (the page may still be scrolling to its fragment).
  // The box the poll saw is the one compared: read again, a hydrating page may answer between two reads.
  let before: Awaited<ReturnType<typeof lead.boundingBox>> = null;
  await expect.poll(async () => (before = await lead.boundingBox())).not.toBeNull();

  release();
  await expect(page.getByTestId('team-seats')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect.poll(() => lead.boundingBox()).toEqual(before);
  expect(await layoutShiftSum(page)).toBeLessThanOrEqual(0.01);
});

test('the pay page has no axe violations', async ({ page }) => {
  await openLink(page, await payLink({ user: '1001', team: '-1002001', prefix: '/ur' }));
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
});

test('the pay page starts a worker that loads ICU for its locale and every catalogue currency, allowed by its CSP, and closes', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') violations.push(m.text());
  });
  const workerClosed = new Promise<string>((resolve) =>
    page.on('worker', (worker) => worker.on('close', () => resolve(worker.url()))),
  );
  const script = page.waitForResponse((r) => r.url().includes('/workers/warm-intl.js'));
  await openLink(page, await payLink({ ...alice, prefix: '/jp' }));
  const response = await script;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/javascript/);
  const url = new URL(await workerClosed);
  expect(url.searchParams.get('locale')).toBe('ja-JP');
  expect(url.searchParams.getAll('currency').sort()).toEqual(['USD', 'VND']);
  await expect(page.getByTestId('team-seats')).toBeVisible();
  expect(violations).toEqual([]);
});

test('the pay and team pages have a focused header: the brand and the language, no site navigation or "Sign up", in their HTML and once running', async ({
  page,
  request,
}) => {
  for (const path of ['/vi/pay', '/vi/team', '/pay']) {
    const html = await (await request.get(path)).text();
    expect({
      path,
      nav: html.includes('class="site-nav"'),
      switcher: html.includes('class="language-switcher"'),
    }).toEqual({
      path,
      nav: false,
      switcher: true,
    });
  }
  await openLink(page, await payLink({ ...alice, prefix: '/vi' }));
  await expect(page.getByTestId('team-seats')).toBeVisible();
  await expect(page.getByRole('navigation', { name: message('vi', 'Navigation.mainLabel') })).toHaveCount(0);
  await expect(page.getByRole('link', { name: message('vi', 'Navigation.signUp') })).toHaveCount(0);
  // The landing keeps its navigation.
  await page.goto('/vi');
  await expect(page.getByRole('navigation', { name: message('vi', 'Navigation.mainLabel') })).toHaveCount(1);
});
