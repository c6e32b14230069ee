import AxeBuilder from '@axe-core/playwright';
import { test, expect, type Page } from '@playwright/test';
import { openLink, payLink } from './support/links';
import { message } from './support/messages';
import { localeTable, localizedPath } from '../lib/i18n/locales';

/**
 * Payers no other spec pays with, so no test meets another's checkouts or rate limits. Each buys
 * Individual Pro; Northwind's admin (slack U3001, below) buys only Team Pro, which an active
 * Individual Pro would block.
 */
const farid = { user: '1006' };
const giang = { user: '1007' };
const hana = { user: '1008' };
type Payer = { platform?: string; user: string };
type Locale = 'vi' | 'ur';

/** Individual Pro for one month through VNPay QR from the pay page in `locale`; ends on VNPay's sandbox page. */
async function startVnpayPayment(page: Page, locale: Locale, payer: Payer) {
  await openLink(page, await payLink({ ...payer, prefix: `/${locale}` }));
  await page
    .getByTestId('plan-form')
    .getByRole('radio', { name: message(locale, 'PayPage.form.gateways.vnpay') })
    .check();
  await page
    .getByTestId('plan-form')
    .getByRole('radio', { name: message(locale, 'PayPage.form.methods.qr') })
    .check();
  await page.getByRole('button', { name: message(locale, 'PayPage.form.checkout') }).click();
  await expect(page).toHaveURL(/\/api\/payments\/vnpay\/sandbox\?/);
}

/** The history is a disclosure under the form: a payer opens it to see their payments. */
const openHistory = (page: Page) => page.getByTestId('payment-history').locator('summary').click();

/** axe's WCAG 2.1 AA violations inside `selector`, each with where it is. */
async function axeViolations(page: Page, selector: string): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .include(selector)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The order a result address names, and the reference the history shows for it. */
const orderOf = (page: Page) => new URL(page.url()).searchParams.get('order')!;
const referenceOf = (page: Page) => orderOf(page).slice(0, 10).toUpperCase();

/** How many pages a PDF has: one `/Type /Page` object each (`/Pages` is the tree above them). */
const pdfPages = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g)?.length ?? 0;

test.describe('the payment history on /pay', () => {
  test('vi: a paid and a cancelled VNPay payment each appear, newest first, with what was bought and what happened to the money', async ({
    page,
  }) => {
    await startVnpayPayment(page, 'vi', farid);
    await page.getByRole('button', { name: 'Thanh toán thành công' }).click();
    await expect(page).toHaveURL(/\/vi\/pay\?status=(success|processing)&order=/);
    // Paid; "processing" until the grant is applied, which the page waits for by itself.
    await expect(page.locator('[data-status=success]')).toBeVisible();
    const paid = referenceOf(page);

    await startVnpayPayment(page, 'vi', farid);
    await page.getByRole('button', { name: 'Hủy thanh toán' }).click();
    await expect(page).toHaveURL(/\/vi\/pay\?status=cancelled&order=/);
    const cancelled = referenceOf(page);

    await page.getByRole('link', { name: message('vi', 'PayPage.result.back') }).click();
    await openHistory(page);
    const history = page.getByRole('table', { name: message('vi', 'PayPage.history.heading') });
    const paidRow = history.locator(`[data-reference="${paid}"]`);
    const cancelledRow = history.locator(`[data-reference="${cancelled}"]`);
    await expect(paidRow).toContainText(message('vi', 'PayPage.history.status.paid'));
    await expect(paidRow).toContainText('Individual Pro');
    await expect(paidRow).toContainText('VNPay');
    await expect(paidRow).toContainText(message('vi', 'PayPage.form.methods.qr'));
    await expect(paidRow).toContainText(/\d{1,3}(\.\d{3})+\s*₫/);
    await expect(cancelledRow).toContainText(message('vi', 'PayPage.history.status.cancelled'));
    const references = await history
      .locator('[data-reference]')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-reference')));
    expect(references.indexOf(cancelled)).toBeLessThan(references.indexOf(paid));
  });

  test('ur on a 360 px phone: each payment is a card read right to left, its status and reference visible without sideways scrolling', async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await startVnpayPayment(page, 'ur', giang);
    await page.getByRole('button', { name: 'Approve payment' }).click();
    await expect(page).toHaveURL(/\/ur\/pay\?status=(success|processing)&order=/);
    // Paid; "processing" until the grant is applied, which the page waits for by itself.
    await expect(page.locator('[data-status=success]')).toBeVisible();
    const reference = referenceOf(page);
    await openLink(page, await payLink({ ...giang, prefix: '/ur' }));
    await openHistory(page);

    const row = page.locator(`[data-reference="${reference}"]`);
    await expect(row).toContainText(message('ur', 'PayPage.history.status.paid'));
    await row.evaluate((card) => card.scrollIntoView({ block: 'center' }));
    for (const cell of await row.getByRole('cell').all()) await expect(cell).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await row.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    expect(await axeViolations(page, '[data-testid=payment-history]')).toEqual([]);
    await context.close();
  });

  test('a paid payment’s receipt, reached from the history, prints on one A4 and one Letter page in all 14 languages, right to left in Urdu', async ({
    page,
  }) => {
    await startVnpayPayment(page, 'vi', hana);
    await page.getByRole('button', { name: 'Thanh toán thành công' }).click();
    await expect(page).toHaveURL(/\/vi\/pay\?status=(success|processing)&order=/);
    // Paid; "processing" until the grant is applied, which the page waits for by itself.
    await expect(page.locator('[data-status=success]')).toBeVisible();
    const order = orderOf(page);
    const reference = referenceOf(page);

    // From the success view and from the history alike.
    await expect(page.getByRole('link', { name: message('vi', 'PayPage.result.receipt') })).toHaveAttribute(
      'href',
      `/vi/pay?receipt=${order}`,
    );
    await page.getByRole('link', { name: message('vi', 'PayPage.result.back') }).click();
    await openHistory(page);
    await page
      .getByRole('link', { name: message('vi', 'PayPage.history.receiptFor').replace('{reference}', reference) })
      .click();
    await expect(page).toHaveURL(new RegExp(`/vi/pay\\?receipt=${order}&payments=1$`));
    // "Back to your payments" returns to the history, open on the page the receipt came from.
    await page.getByRole('link', { name: message('vi', 'PayPage.receipt.back') }).click();
    await expect(page).toHaveURL(/\/vi\/pay\?payments=1$/);
    await expect(page.getByTestId('payment-history')).toHaveAttribute('open', '');
    await expect(page.getByText(reference)).toBeInViewport();

    for (const { code } of localeTable) {
      await page.goto(`${localizedPath(code, '/pay')}?receipt=${order}`);
      const receipt = page.getByTestId('receipt');
      await expect(receipt.getByRole('heading', { level: 1 })).toHaveText(message(code, 'PayPage.receipt.title'));
      await expect(receipt).toContainText(order);
      await expect(receipt).toContainText('Individual Pro');
      expect(await page.locator('html').getAttribute('dir')).toBe(code === 'ur' ? 'rtl' : 'ltr');
      if (code === 'ur' || code === 'vi') expect(await axeViolations(page, '[data-testid=receipt]')).toEqual([]);

      await page.emulateMedia({ media: 'print' });
      await expect(page.locator('.site-header')).toBeHidden();
      await expect(page.getByRole('button', { name: message(code, 'PayPage.receipt.print') })).toBeHidden();
      await expect(receipt).toBeVisible();
      for (const format of ['A4', 'Letter'] as const)
        expect({ code, format, pages: pdfPages(await page.pdf({ format })) }).toEqual({ code, format, pages: 1 });
      await page.emulateMedia({ media: 'screen' });
    }
  });

  test('another payer opening a receipt address gets no receipt', async ({ page, browser }) => {
    await startVnpayPayment(page, 'vi', farid);
    await page.getByRole('button', { name: 'Thanh toán thành công' }).click();
    await expect(page).toHaveURL(/\/vi\/pay\?status=(success|processing)&order=/);
    // Paid; "processing" until the grant is applied, which the page waits for by itself.
    await expect(page.locator('[data-status=success]')).toBeVisible();
    const order = orderOf(page);

    const other = await browser.newContext();
    const stranger = await other.newPage();
    await openLink(stranger, await payLink({ user: '1001', prefix: '/vi' }));
    await stranger.goto(`/vi/pay?receipt=${order}`);
    await expect(stranger.getByTestId('receipt-missing')).toContainText(message('vi', 'PayPage.receipt.missing'));
    await expect(stranger.getByTestId('receipt')).toHaveCount(0);
    await other.close();
  });

  test('en: a team admin sees what the team paid on the team page, with its receipt; a member who is not an admin sees none', async ({
    page,
    browser,
  }) => {
    const northwind = { platform: 'slack', user: 'U3001', team: 'T3001' };
    await openLink(page, await payLink({ ...northwind, prefix: '/en' }));
    await page
      .getByTestId('plan-form')
      .getByRole('radio', { name: message('en', 'Plans.names.team_pro') })
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
    await expect(page).toHaveURL(/\/pay\?status=(success|processing)&order=/);
    // Paid; "processing" until the grant is applied, which the page waits for by itself.
    await expect(page.locator('[data-status=success]')).toBeVisible();
    const order = orderOf(page);

    await openLink(page, await payLink({ ...northwind, audience: 'team' }));
    const payments = page.getByTestId('team-payments');
    const paid = payments.locator(`[data-reference="${order.slice(0, 10).toUpperCase()}"]`);
    await expect(paid).toContainText(message('en', 'PayPage.history.status.paid'));
    await expect(paid).toContainText('Team Pro');
    await paid.getByRole('link', { name: message('en', 'PayPage.history.receipt') }).click();
    await expect(page).toHaveURL(new RegExp(`/team\\?receipt=${order}$`));
    await expect(page.getByTestId('receipt')).toContainText('Northwind Ops');
    await expect(page.getByTestId('receipt')).toContainText(order);

    const other = await browser.newContext();
    const member = await other.newPage();
    await openLink(member, await payLink({ platform: 'discord', user: 'D2002', team: '920001', audience: 'team' }));
    await expect(member.getByTestId('team-payments')).toHaveCount(0);
    await member.goto(`/team?receipt=${order}`);
    await expect(member.getByTestId('receipt')).toHaveCount(0);
    await other.close();
  });
});
