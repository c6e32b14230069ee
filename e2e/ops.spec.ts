import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test, expect, type Page } from '@playwright/test';
import { openLink, payLink } from './support/links';
import { message } from './support/messages';
import { serverLogDir } from '../scripts/lib/test-logs.mjs';
import en from '../lib/server/ops/messages/en.json';

/*
 * The operators' console in Chromium, with its virtual WebAuthn authenticator standing in for a
 * phone's or a laptop's: the demo operator's invitation (printed at start) enrols a passkey, the
 * operator finds a payment by its order id and refunds it; every console page passes axe; the order's
 * page fits a phone. Sara (discord D2002) is the payer: no other spec pays as her.
 */
const port = Number(process.env.E2E_PORT ?? 3300);
const sara = { platform: 'discord', user: 'D2002' };

/** The newest invitation the server printed at start (npm start's demo operator). */
function demoInvitation(): string {
  const log = readFileSync(join(serverLogDir('e2e'), `site-${port}.log`), 'utf8');
  const links = log.match(/http:\/\/localhost:\d+\/ops\/enrol#[A-Za-z0-9_-]{43}/g);
  if (!links) throw new Error('the server printed no operator invitation (DEMO_LINKS=1?)');
  return links.at(-1)!;
}

/** Chromium's virtual authenticator: a platform passkey store with user verification (a PIN, a fingerprint). */
async function virtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** A VNPay payment of Individual Pro by Sara, approved in the sandbox; its order id. */
async function saraPays(page: Page): Promise<string> {
  await openLink(page, await payLink(sara));
  const plans = page.getByTestId('plan-form');
  await plans.getByRole('radio', { name: message('en', 'PayPage.form.gateways.vnpay') }).check();
  await plans.getByRole('radio', { name: message('en', 'PayPage.form.methods.qr') }).check();
  await page.getByRole('button', { name: message('en', 'PayPage.form.checkout') }).click();
  await expect(page).toHaveURL(/\/api\/payments\/vnpay\/sandbox\?/);
  await page.getByRole('button', { name: 'Approve payment' }).click();
  await expect(page).toHaveURL(/\/pay\?status=(success|processing)&order=/);
  await expect(page.locator('[data-status=success]')).toBeVisible();
  return new URL(page.url()).searchParams.get('order')!;
}

test.describe('the operators’ console', () => {
  test('refuses every page and API call without an operator session, with nothing but a sign-in link', async ({
    request,
  }) => {
    for (const path of ['/ops', '/ops/orders', '/ops/review', '/ops/refunds', '/ops/operators']) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect({ path, status: response.status() }).toEqual({ path, status: 401 });
      expect(await response.text()).toContain('href="/ops/sign-in"');
    }
    expect((await request.get('/api/ops/orders')).status()).toBe(401);
    const crossSite = await request.post('/api/ops/actions/reconcile', {
      data: { key: 'x'.repeat(22) },
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status()).toBe(403);
  });

  test('an invitation enrols a passkey, the operator finds a payment by its id and refunds it; every page passes axe and the order fits a phone', async ({
    page,
    browser,
  }) => {
    const orderId = await saraPays(page);

    const context = await browser.newContext();
    const ops = await context.newPage();
    const violations: string[] = [];
    ops.on('console', (entry) => {
      if (/Content Security Policy|Refused to/i.test(entry.text())) violations.push(entry.text());
    });
    await virtualAuthenticator(ops);

    await ops.goto(demoInvitation());
    // The token leaves the address bar as soon as the page has read it.
    await expect(ops).toHaveURL(/\/ops\/enrol$/);
    await ops.getByRole('button', { name: en.enrol.button }).click();
    await expect(ops.getByRole('heading', { level: 1, name: en.overview.title })).toBeVisible();
    expect(await axeViolations(ops)).toEqual([]);

    const nav = ops.getByRole('navigation', { name: en.nav.label });
    await nav.getByRole('link', { name: en.nav.orders, exact: true }).click();
    await ops.getByLabel(en.orders.reference).fill(orderId);
    await ops.getByRole('button', { name: en.orders.submit }).click();
    await expect(ops).toHaveURL(new RegExp(`reference=${orderId}`));
    expect(await axeViolations(ops)).toEqual([]);
    await ops.getByRole('link', { name: orderId }).click();
    await expect(ops.getByRole('heading', { level: 1 })).toContainText(orderId);
    expect(await axeViolations(ops)).toEqual([]);

    await ops.getByLabel(en.refund.reason).fill('the payer asked, by email');
    await ops.getByRole('button', { name: en.refund.submit, exact: true }).click();
    await expect(ops.getByRole('status').filter({ hasText: 'done at the gateway' })).toBeVisible();
    // The story tells it: the refund row, and the operator's action with who and why.
    await expect(ops.getByRole('table', { name: en.order.refunds })).toContainText('the payer asked, by email');
    await expect(ops.getByRole('table', { name: en.order.audit })).toContainText('refund');
    await expect(ops.getByRole('table', { name: en.order.audit })).toContainText('demo');

    // A phone: the page is as wide as the screen; tables scroll inside their own regions.
    await ops.setViewportSize({ width: 390, height: 844 });
    await ops.reload();
    const wider = await ops.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
        .filter((element) => !element.closest('[role=region]'))
        .map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
    );
    expect(wider).toEqual([]);
    expect(await ops.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(ops)).toEqual([]);
    await ops.setViewportSize({ width: 1280, height: 800 });

    for (const link of [en.nav.review, en.nav.refunds]) {
      await nav.getByRole('link', { name: link, exact: true }).click();
      await expect(
        ops.getByRole('heading', { level: 1, name: link === en.nav.review ? en.review.title : en.refunds.title }),
      ).toBeVisible();
      expect(await axeViolations(ops)).toEqual([]);
    }

    // The demo operator is an admin: a new operator is invited from the console, while the site runs.
    await nav.getByRole('link', { name: en.nav.operators, exact: true }).click();
    await expect(ops.getByRole('heading', { level: 1, name: en.operators.title })).toBeVisible();
    expect(await axeViolations(ops)).toEqual([]);
    await ops.getByLabel(en.operators.name).fill('ana');
    await ops.getByLabel(en.operators.role).selectOption('viewer');
    await ops.getByRole('button', { name: en.operators.invite }).click();
    const invitation = await ops.getByLabel(en.operators.link).inputValue();
    expect(invitation).toMatch(/\/ops\/enrol#[A-Za-z0-9_-]{43}$/);
    const anaContext = await browser.newContext();
    const ana = await anaContext.newPage();
    await virtualAuthenticator(ana);
    await ana.goto(invitation);
    await ana.getByRole('button', { name: en.enrol.button }).click();
    await expect(ana.getByRole('heading', { level: 1, name: en.overview.title })).toBeVisible();
    // A viewer is not shown the operators' section, and its page says who may manage operators.
    const anaNav = ana.getByRole('navigation', { name: en.nav.label });
    await expect(anaNav.getByRole('link', { name: en.nav.operators })).toHaveCount(0);
    await ana.goto('/ops/operators');
    await expect(ana.getByText(en.errors.admin_required)).toBeVisible();
    // Revoked by the admin: Ana's next page is the sign-in page's 401.
    await ops.reload();
    await ops.getByRole('button', { name: en.operators.revoke.replace('{name}', 'ana') }).click();
    // The row says so once the page has refreshed (its revoke button is gone with the operator).
    const anaRow = ops.getByRole('row').filter({ has: ops.getByRole('cell', { name: 'ana', exact: true }) });
    await expect(anaRow).toContainText(en.operators.revokedOn.replace(' {at}', ''));
    await expect(anaRow.getByRole('button')).toHaveCount(0);
    expect((await ana.goto('/ops'))?.status()).toBe(401);
    await anaContext.close();

    // An order that does not exist is a 404, not an error.
    expect((await ops.goto('/ops/orders/ffffffffffffffffffffffffffffffff'))?.status()).toBe(404);

    // Signed out, then in again with the same passkey (a discoverable one: no name typed).
    await ops.goto('/ops');
    await ops.getByRole('button', { name: en.nav.signOut }).click();
    await expect(ops.getByRole('heading', { level: 1, name: en.signIn.title })).toBeVisible();
    expect(await axeViolations(ops)).toEqual([]);
    await ops.getByRole('button', { name: en.signIn.button }).click();
    await expect(ops.getByRole('heading', { level: 1, name: en.overview.title })).toBeVisible();
    expect(violations).toEqual([]);
    await context.close();
  });
});
